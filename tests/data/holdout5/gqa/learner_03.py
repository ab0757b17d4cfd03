import math
import torch


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, D = q.shape
    _, Hkv, Tk, _ = k.shape
    rep = Hq // Hkv
    k = k[:, None].expand(B, rep, Hkv, Tk, D).reshape(B, Hq, Tk, D)
    v = v[:, :, None].expand(B, Hkv, rep, Tk, D).reshape(B, Hq, Tk, D)
    att = q @ k.transpose(-1, -2) / math.sqrt(D)
    if causal:
        ok = torch.ones(Tq, Tk, dtype=torch.bool, device=q.device).tril(diagonal=Tk - Tq)
        att = att.masked_fill(~ok, float("-inf"))
    att = torch.softmax(att, dim=-1).nan_to_num(0.0)
    return att @ v
