import math

import torch


def flash_attention(q, k, v, causal=False, block_size=64):
    """Tiled attention with an online softmax (the FlashAttention idea): see TASK.md."""
    Tq, d = q.shape[-2], q.shape[-1]
    Tk = k.shape[-2]
    lead = q.shape[:-2]
    m = torch.full((*lead, Tq, 1), -math.inf, dtype=q.dtype)
    l = torch.zeros((*lead, Tq, 1), dtype=q.dtype)
    acc = torch.zeros((*lead, Tq, v.shape[-1]), dtype=torch.float64)
    i = torch.arange(Tq).view(-1, 1)
    for j0 in range(0, Tk, block_size):
        kb = k[..., j0:j0 + block_size, :]
        vb = v[..., j0:j0 + block_size, :]
        s = q @ kb.transpose(-1, -2) / math.sqrt(d)
        if causal:
            j = torch.arange(j0, j0 + kb.shape[-2]).view(1, -1)
            s = s.masked_fill(j > i + (Tk - Tq), -math.inf)
        m_new = torch.maximum(m, s.amax(-1, keepdim=True))
        m_new_safe = torch.where(m_new == -math.inf, torch.zeros_like(m_new), m_new)
        p = torch.exp(s - m_new_safe)
        alpha = torch.exp(m - m_new_safe)
        l = l + p.sum(-1, keepdim=True)
        acc = acc * alpha + p @ vb
        m = m_new
    return acc / torch.where(l == 0, torch.ones_like(l), l)
