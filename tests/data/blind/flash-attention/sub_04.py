import math
import torch


def flash_attention(q, k, v, causal=False, block_size=64):
    *lead, Tq, d = q.shape
    Tk = k.shape[-2]
    m = q.new_full((*lead, Tq, 1), float("-inf"))
    l = q.new_zeros((*lead, Tq, 1))
    o = q.new_zeros((*lead, Tq, v.shape[-1]))
    q_idx = torch.arange(Tq).unsqueeze(-1) + (Tk - Tq)
    for start in range(0, Tk, block_size):
        end = min(start + block_size - 1, Tk)
        s = q @ k[..., start:end, :].transpose(-2, -1) / math.sqrt(d)
        if causal:
            k_idx = torch.arange(start, end).unsqueeze(0)
            s = s.masked_fill(k_idx > q_idx, float("-inf"))
        m_new = torch.maximum(m, s.max(dim=-1, keepdim=True).values)
        m_ref = torch.where(m_new == float("-inf"), torch.zeros_like(m_new), m_new)
        p = (s - m_ref).exp()
        scale_old = (m - m_ref).exp()
        l = l * scale_old + p.sum(dim=-1, keepdim=True)
        o = o * scale_old + p @ v[..., start:end, :]
        m = m_new
    return torch.where(l > 0, o / torch.where(l > 0, l, torch.ones_like(l)), torch.zeros_like(o))
