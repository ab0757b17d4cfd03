import math
import torch


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    _, Hkv, Tk, _ = k.shape
    g = Hq // Hkv
    qg = q.reshape(B, Hkv, g, Tq, d)  # consecutive query heads share a kv head
    s = torch.einsum("bhgqd,bhkd->bhgqk", qg, k) / math.sqrt(d)
    if causal:
        i = torch.arange(Tq).unsqueeze(1)
        j = torch.arange(Tk).unsqueeze(0)
        s = s.masked_fill(j >= i + (Tk - Tq), float("-inf"))
    p = s.softmax(-1).nan_to_num(0.0)
    o = torch.einsum("bhgqk,bhkd->bhgqd", p, v)
    return o.reshape(B, Hq, Tq, d)
