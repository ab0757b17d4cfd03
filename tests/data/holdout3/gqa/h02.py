import math
import torch


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    g = Hq // Hkv
    qg = q.reshape(B, Hkv, g, Tq, d).double()
    s = torch.einsum("bhgqd,bhkd->bhgqk", qg, k.double()) / math.sqrt(d)
    if causal:
        i = torch.arange(Tq).unsqueeze(1)
        j = torch.arange(Tk).unsqueeze(0)
        s = s.masked_fill(j > i + (Tk - Tq), float("-inf"))
    w = torch.softmax(s, dim=-1).nan_to_num(0.0)
    out = torch.einsum("bhgqk,bhkd->bhgqd", w, v.double())
    return out.reshape(B, Hq, Tq, d).to(q.dtype)
