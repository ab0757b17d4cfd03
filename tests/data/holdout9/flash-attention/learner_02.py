import math

import torch


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, d = q.shape[-2], v.shape[-1]
    Tk = k.shape[-2]
    m = q.new_full((*q.shape[:-1], 1), float("-inf"))
    l = q.new_zeros((*q.shape[:-1], 1))
    o = q.new_zeros((*q.shape[:-1], v.shape[-1]))
    i = torch.arange(Tq).view(-1, 1)
    for start in range(0, Tk, block_size):
        stop = min(start + block_size, Tk)
        s = torch.matmul(q, k[..., start:stop, :].transpose(-2, -1)) / math.sqrt(d)
        if causal:
            j = torch.arange(start, stop).view(1, -1)
            s = s.masked_fill(j > i + Tk - Tq, float("-inf"))
        m_new = torch.maximum(m, s.amax(dim=-1, keepdim=True))
        m_use = m_new.masked_fill(torch.isinf(m_new), 0.0)
        p = torch.exp(s - m_use)
        a = torch.exp(m - m_use)
        l = a * l + p.sum(dim=-1)
        o = a * o + torch.matmul(p, v[..., start:stop, :])
        m = m_new
    o = o / torch.where(l == 0, torch.ones_like(l), l)
    return o
