import math
import torch


def grouped_query_attention(q, k, v, causal=False):
    """o_{b g r i e} = sum_j p_{b g r i j} v_{b g j e}, query head h = g * R + r (R = Hq / Hkv)."""
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    R = Hq // Hkv
    qg = q.reshape(B, R, Hkv, Tq, d).transpose(1, 2)                                   # q_{b g r i e}
    s = torch.einsum("bgrie,bgje->bgrij", qg, k) / math.sqrt(d)       # s_{b g r i j}
    if causal:
        ok = torch.ones(Tq, Tk, dtype=torch.bool).tril(Tk - Tq)        # j <= i + Tk - Tq
        s = s.masked_fill(~ok, float("-inf"))
    m = s.amax(-1, keepdim=True).nan_to_num(neginf=0.0)
    p = torch.exp(s - m)
    p = p / p.sum(-2, keepdim=True).clamp_min(torch.finfo(p.dtype).tiny)
    o = torch.einsum("bgrij,bgje->bgrie", p, v)                        # o_{b g r i e}
    return o.reshape(B, Hq, Tq, d)
