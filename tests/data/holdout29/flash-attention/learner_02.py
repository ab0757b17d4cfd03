import math

import torch


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, d = q.shape[-2], q.shape[-1]
    Tk, dv = k.shape[-2], v.shape[-1]
    lead = q.shape[:-2]
    offset = Tk - Tq  # query i sees keys <= i + offset
    qs = torch.mul(q, 1.0 / math.sqrt(d))  # a scaled copy: q itself is never written
    m = torch.full((*lead, Tq, 1), float("-inf"), dtype=q.dtype)
    l = torch.zeros((*lead, Tq, 1), dtype=q.dtype)
    acc = torch.zeros((*lead, Tq, dv), dtype=torch.float64)
    qi = torch.arange(Tq)[:, None]
    for start in range(0, Tk, block_size):
        stop = min(start + block_size, Tk)
        s = torch.matmul(qs, k[..., start:stop, :].transpose(-2, -1)) / math.sqrt(d)
        if causal:
            kj = torch.arange(start, stop)[None, :]
            s.masked_fill_(kj > qi + offset, float("-inf"))
        m_new = torch.maximum(m, s.amax(dim=-1, keepdim=True))
        m_safe = torch.where(torch.isinf(m_new), torch.zeros_like(m_new), m_new)
        s.sub_(m_safe).exp_()  # s now holds the block's p, in its own buffer
        alpha = torch.exp(m - m_safe)
        l.mul_(alpha).add_(s.sum(dim=-1, keepdim=True))
        acc.mul_(alpha).add_(torch.matmul(s, v[..., start:stop, :]))
        m.copy_(m_new)
    acc.div_(torch.where(l > 0, l, torch.ones_like(l)))
    return acc
