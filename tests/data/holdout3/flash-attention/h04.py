import math
import torch


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, Tk = q.shape[-2], k.shape[-2]
    scale = 1.0 / math.sqrt(q.shape[-1])
    acc = torch.zeros(*q.shape[:-1], v.shape[-1], dtype=torch.float64)
    m = torch.full((*q.shape[:-1], 1), float("-inf"), dtype=torch.float64)
    l = torch.zeros((*q.shape[:-1], 1), dtype=torch.float64)
    q64 = q.double()
    for start in range(0, Tk, block_size):
        end = min(start + block_size, Tk)
        s = q64 @ k[..., start:end, :].double().transpose(-1, -2) * scale
        if causal:
            i = torch.arange(Tq).view(-1, 1)
            j = torch.arange(start, end).view(1, -1)
            s = s.masked_fill(j > i, float("-inf"))
        m_new = torch.maximum(m, s.max(dim=-1, keepdim=True).values)
        m_use = torch.where(m_new == float("-inf"), torch.zeros_like(m_new), m_new)
        p = torch.exp(s - m_use)
        alpha = torch.exp(m - m_use)
        l = alpha * l + p.sum(dim=-1, keepdim=True)
        acc = alpha * acc + p @ v[..., start:end, :].double()
        m = m_new
    out = torch.where(l > 0, acc / torch.where(l > 0, l, torch.ones_like(l)), torch.zeros_like(acc))
    return out.to(q.dtype)
