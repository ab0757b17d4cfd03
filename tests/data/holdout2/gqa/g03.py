import torch


def grouped_query_attention(q, k, v, causal=False):
    q, k, v = q.float(), k.float(), v.float()
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    k = k[:, :, None].expand(B, Hkv, Hq // Hkv, Tk, d).reshape(B, Hq, Tk, d)
    v = v[:, :, None].expand(B, Hkv, Hq // Hkv, Tk, v.shape[-1]).reshape(B, Hq, Tk, -1)
    s = torch.einsum("bhqd,bhkd->bhqk", q, k) / d ** 0.5
    if causal:
        bad = torch.ones(Tq, Tk, dtype=torch.bool).triu(diagonal=Tk - Tq + 1)
        s = s.masked_fill(bad, float("-inf"))
    return torch.softmax(s, -1) @ v
