import math

import torch
import torch.nn.functional as F


@torch.no_grad()
def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, Tk = q.shape[-2], k.shape[-2]
    qs = q * (1.0 / math.sqrt(q.shape[-1]))
    m = torch.full((*q.shape[:-1], 1), float("-inf"), dtype=q.dtype, device=q.device)
    l = torch.zeros_like(m)
    acc = torch.zeros(*q.shape[:-1], v.shape[-1], dtype=q.dtype, device=q.device)
    rows = torch.arange(Tq, device=q.device).unsqueeze(-1)
    for j0 in range(0, Tk, block_size):
        kb, vb = k[..., j0:j0 + block_size, :], v[..., j0:j0 + block_size, :]
        s = torch.matmul(qs, kb.transpose(-2, -1))
        if causal:
            cols = torch.arange(j0, j0 + kb.shape[-2], device=q.device)
            s = s.masked_fill(cols > rows, float("-inf"))
        m_new = torch.maximum(m, s.amax(dim=-1, keepdim=True))
        m_safe = torch.where(torch.isinf(m_new), torch.zeros_like(m_new), m_new)
        p = torch.exp(s - m_safe)
        alpha = torch.exp(m - m_safe)
        l = l.mul(alpha).add(p.sum(dim=-1, keepdim=True))
        acc = acc.add(torch.matmul(p, vb))
        m = m_new
    return torch.where(l > 0, acc / l.clamp_min(torch.finfo(l.dtype).tiny), torch.zeros_like(acc))
