import math

import torch


def flash_attention(q, k, v, causal=False, block_size=64):
    n, d = q.shape[-2], q.shape[-1]
    t = k.shape[-2]
    o = torch.zeros(*q.shape[:-1], v.shape[-1], dtype=torch.float64)
    mx = torch.full((*q.shape[:-1], 1), float("-inf"), dtype=q.dtype)
    sm = torch.zeros_like(mx)
    qi = torch.arange(n).unsqueeze(1) + (t - n)
    j = 0
    while j < t:
        e = min(j + block_size, t)
        s = torch.matmul(q, k[..., j:e, :].transpose(-1, -2)) / math.sqrt(d)
        if causal:
            s = s.masked_fill(torch.arange(j, e) > qi, float("-inf"))
        a = torch.maximum(mx, s.amax(-1, keepdim=True))
        b = torch.where(a == float("-inf"), torch.zeros_like(a), a)
        c = torch.exp(b - mx)
        p = torch.exp(s - b)
        sm = sm * c + p.sum(-1, keepdim=True)
        o = o * c + torch.matmul(p, v[..., j:e, :])
        mx = a
        j = e
    return torch.where(sm > 0, o / sm.clamp_min(torch.finfo(sm.dtype).tiny), torch.zeros_like(o))
