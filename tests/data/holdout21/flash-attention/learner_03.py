import torch


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, Tk, d = q.size(-2), k.size(-2), q.size(-1)
    scale = d ** -0.5
    m = torch.full(q.shape[:-1], float("-inf"), dtype=q.dtype, device=q.device)
    l = torch.zeros_like(m)
    acc = torch.zeros(*q.shape[:-1], v.size(-1), dtype=q.dtype, device=q.device)
    rows = torch.arange(Tq, device=q.device).unsqueeze(-1) + (Tk - Tq)
    for start in range(0, Tk, block_size):
        kb, vb = k[..., start:start + block_size, :], v[..., start:start + block_size, :]
        s = (q @ kb.transpose(-2, -1)) * scale
        if causal:
            cols = torch.arange(start, start + kb.size(-2), device=q.device)
            s = s.masked_fill(cols < rows, float("-inf"))
        m_new = torch.maximum(m, s.amax(dim=-1))
        m_safe = torch.where(torch.isinf(m_new), torch.zeros_like(m_new), m_new)
        alpha = torch.exp(m - m_safe)
        p = torch.exp(s - m_safe.unsqueeze(-1))
        l = l * alpha + p.sum(dim=-1)
        acc = acc + p @ vb
        m = m_new
    return acc / l.clamp_min(torch.finfo(l.dtype).tiny).unsqueeze(-1)
