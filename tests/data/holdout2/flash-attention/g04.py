import math

import torch


def flash_attention(q, k, v, causal=False, block_size=64):
    *batch, Tq, d = q.shape
    Tk = k.shape[-2]
    scale = 1 / math.sqrt(d)
    m = torch.full((*batch, Tq, 1), float("-inf"), dtype=q.dtype, device=q.device)
    l = torch.zeros((*batch, Tq, 1), dtype=q.dtype, device=q.device)
    o = torch.zeros((*batch, Tq, v.shape[-1]), dtype=q.dtype, device=q.device)
    qpos = torch.arange(Tq, device=q.device).unsqueeze(1) + (Tk - Tq)
    for j in range(0, Tk, block_size):
        kb = k[..., j:j + block_size, :]
        vb = v[..., j:j + block_size, :]
        s = (q @ kb.transpose(-1, -2)) * scale
        if causal:
            kpos = torch.arange(j, j + kb.shape[-2], device=q.device).unsqueeze(0)
            s = s.masked_fill(kpos > qpos, float("-inf"))
        m_new = torch.maximum(m, s.amax(dim=-1, keepdim=True))
        m_safe = torch.where(torch.isinf(m_new), torch.zeros_like(m_new), m_new)
        p = torch.exp(s - m_safe)
        alpha = torch.exp(m - m_safe)
        l = alpha * l + p.sum(dim=-1, keepdim=True)
        o = o + p @ vb
        m = m_new
    return torch.where(l > 0, o / l, torch.zeros_like(o))
