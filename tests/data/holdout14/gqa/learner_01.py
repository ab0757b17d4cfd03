import math
import torch


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, D = q.shape
    _, Hkv, Tk, _ = k.shape
    G = Hq // Hkv
    qg = q.reshape(B, G, Hkv, Tq, D).transpose(1, 2)
    att = torch.einsum("bhgqd,bhkd->bhgqk", qg, k) / math.sqrt(D)
    if causal:
        keep = torch.ones(Tq, Tk, dtype=torch.bool).tril(diagonal=Tq - Tk)
        att = att.masked_fill(~keep, -math.inf)
    att = att - att.amax(dim=-1, keepdim=True).nan_to_num(neginf=0.0)
    w = att.exp()
    w = w / w.sum(dim=-1, keepdim=True).clamp(min=torch.finfo(w.dtype).tiny)
    out = torch.einsum("bhgqk,bhkd->bhgqd", w, v)
    return out.reshape(B, Hq, Tq, D)
