import math

import torch


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, d = q.shape[-2], q.shape[-1]
    Tk = k.shape[-2]
    scale = 1.0 / math.sqrt(d)
    m = torch.full(q.shape[:-1], float("-inf"), dtype=q.dtype, device=q.device)
    l = torch.zeros(q.shape[:-1], dtype=q.dtype, device=q.device)
    o = torch.zeros(*q.shape[:-1], v.shape[-1], dtype=q.dtype, device=q.device)
    qi = torch.arange(Tq, device=q.device)[:, None]
    for start in range(0, Tk, block_size):
        end = min(start + block_size, Tk)
        kb = k[..., start:end, :]
        vb = v[..., start:end, :]
        s = (q @ kb.transpose(-2, -1)) * scale
        if causal:
            kj = torch.arange(start, end, device=q.device)[None, :]
            s = s.masked_fill(kj > qi + (Tk - Tq), float("-inf"))
        m_new = torch.maximum(m, s.amax(dim=-1))
        safe = torch.where(torch.isinf(m_new), torch.zeros_like(m_new), m_new)
        p = torch.exp(s - safe[..., None])
        alpha = torch.exp(m - safe)
        l = l * alpha + p.sum(dim=-1)
        o = o * alpha[..., None] + p @ vb
        m = m_new
    return o / torch.where(l == 0, torch.ones_like(l), l)[..., None]
