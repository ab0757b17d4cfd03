import torch


def grouped_query_attention(q, k, v, causal=False):
    g = q.shape[1] // k.shape[1]
    k, v = k.repeat(1, g, 1, 1), v.repeat(1, g, 1, 1)
    s = q @ k.transpose(-2, -1) / q.shape[-1] ** 0.5
    if causal:
        Tq, Tk = s.shape[-2:]
        s = s.masked_fill(~torch.ones(Tq, Tk, dtype=torch.bool).tril(), float("-inf"))
    p = (s - s.amax(-1, keepdim=True).clamp_min(torch.finfo(s.dtype).min)).exp()
    return p @ v / p.sum(-1, keepdim=True).clamp_min(torch.finfo(s.dtype).tiny)
