import torch


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    g = Hq // Hkv
    qg = q.reshape(B, Hkv, g, Tq, d)
    s = torch.einsum("bhgqd,bhkd->bhgqk", qg, k) * d ** -0.5
    if causal:
        qi = torch.arange(Tq).view(-1, 1)
        kj = torch.arange(Tk).view(1, -1)
        s = s.masked_fill(kj - qi >= Tk - Tq, float("-inf"))
    p = s.softmax(-1)
    p = p.masked_fill(p.isnan(), 0.0)
    o = torch.einsum("bhgqk,bhkd->bhgqd", p, v)
    return o.reshape(B, Hq, Tq, d)
