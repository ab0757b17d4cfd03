import math
import torch


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, Tk = q.shape[-2], k.shape[-2]
    scale = q.shape[-1] ** -0.5
    m = torch.full((*q.shape[:-1], 1), float("-inf"), dtype=q.dtype)
    l = torch.zeros((*q.shape[:-1], 1), dtype=q.dtype)
    acc = torch.zeros((*q.shape[:-1], v.shape[-1]), dtype=q.dtype)
    offset = Tk - Tq
    for start in range(0, Tk, block_size):
        kb = k[..., start:start + block_size, :]
        vb = v[..., start:start + block_size, :]
        s = torch.matmul(q, kb.transpose(-2, -1)) * scale
        if causal:
            i = torch.arange(Tq).view(-1, 1)
            j = torch.arange(start, start + kb.shape[-2]).view(1, -1)
            s = s.masked_fill(j > i + offset, float("-inf"))
        m_new = torch.maximum(m, s.amax(-1, keepdim=True))
        m_use = torch.nan_to_num(m_new, neginf=0.0)
        p = torch.exp(s - m_use)
        l = l + p.sum(-1, keepdim=True)
        acc = acc * torch.exp(m - m_use) + p @ vb
        m = m_new
    return torch.where(l > 0, acc / l.clamp(min=1e-30), 0.0)
