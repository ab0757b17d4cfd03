import math
import torch


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    group = Hq // Hkv
    k = k.repeat_interleave(group, dim=1)
    v = v.repeat_interleave(group, dim=1)
    s = q @ k.transpose(-2, -1) / math.sqrt(d)
    if causal:
        allowed = torch.ones(Tq, Tk, dtype=torch.bool, device=q.device).tril(Tq - Tk)
        s = s.masked_fill(~allowed, float("-inf"))
    w = torch.softmax(s, dim=-1).nan_to_num(0.0)
    return w @ v
