import math

import torch


def flash_attention(q, k, v, causal=False, block_size=64):
    """Tiled attention with an online softmax (the FlashAttention idea): see TASK.md."""
    *lead, Tq, d = q.shape
    Tk = k.shape[-2]
    scale = 1.0 / math.sqrt(d)
    m = q.new_full((*lead, Tq, 1), float("-inf"))
    l = q.new_zeros((*lead, Tq, 1))
    acc = q.new_zeros((*lead, Tq, v.shape[-1]))
    last_visible = torch.arange(Tq, device=q.device).unsqueeze(1) + (Tk - Tq)
    for j0 in range(0, Tk, block_size):
        j1 = min(j0 + block_size, Tk)
        s = q @ k[..., j0:j1, :].transpose(-1, -2) * scale
        if causal:
            cols = torch.arange(j0, j1, device=q.device).unsqueeze(0)
            s = s.masked_fill(cols > last_visible, float("-inf"))
        m_new = torch.maximum(m, s.amax(dim=-1, keepdim=True))
        m_use = torch.where(torch.isinf(m_new), torch.zeros_like(m_new), m_new)
        p = torch.exp(s - m_use)
        alpha = torch.exp(m - m_use)
        l = alpha * l + p.sum(dim=-1, keepdim=True)
        acc = alpha * acc + p @ v[..., j0:j1, :]
        m = m_new
    l = torch.where(l == 0, torch.ones_like(l), l)
    return acc / l
