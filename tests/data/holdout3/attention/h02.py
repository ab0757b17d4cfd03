import math
import torch


def attention(q, k, v, mask=None):
    scale = 1.0 / math.sqrt(q.shape[-1])
    s = torch.einsum("...qd,...kd->...qk", q.double(), k.double()) * scale
    if mask is not None:
        s = s.masked_fill(~mask, float("-inf"))
    w = torch.softmax(s, dim=-1)
    w = torch.nan_to_num(w, nan=0.0)
    out = torch.einsum("...qk,...kv->...qv", w, v.double())
    return out.to(q.dtype)
