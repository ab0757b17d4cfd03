import torch


def grouped_query_attention(q, k, v, causal=False):
    Hq, Hkv, Tq, Tk = q.shape[1], k.shape[1], q.shape[2], k.shape[2]
    k, v = (t.repeat(1, Hq // Hkv, 1, 1) for t in (k, v))
    s = torch.einsum("bhqd,bhkd->bhqk", q, k) / q.shape[-1] ** 0.5
    if causal: s = s.masked_fill(~torch.ones(Tq, Tk, dtype=torch.bool, device=q.device).tril(Tk - Tq), float("-inf"))
    return torch.einsum("bhqk,bhkd->bhqd", torch.softmax(s, -1).nan_to_num(0.0), v)
