import torch


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    g = Hq // Hkv
    qg = q.reshape(B, Hkv, g, Tq, d)
    s = torch.einsum("bhgqd,bhkd->bhgqk", qg, k) / d ** 0.5
    if causal:
        keep = torch.ones(Tq, Tk, dtype=torch.bool).tril(Tk - Tq)
        s = s.masked_fill(~keep, float("-inf"))
    mx = s.amax(-1, keepdim=True).clamp_min(torch.finfo(s.dtype).min)
    p = torch.exp(s - mx)
    p = p / p.sum(-1, keepdim=True).clamp_min(torch.finfo(s.dtype).tiny)
    o = torch.einsum("bhgqk,bhkd->bhgqd", p, v)
    return o.reshape(B, Hq, Tq, d)
