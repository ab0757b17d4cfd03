import torch


def flash_attention(q, k, v, causal=False, block_size=64):
    *lead, Tq, d = q.shape
    Tk = k.shape[-2]
    scale = d ** -0.5
    m = q.new_full((*lead, Tq, 1), float("-inf"))
    l = q.new_zeros((*lead, Tq, 1))
    acc = q.new_zeros((*lead, Tq, v.shape[-1]))
    rows = torch.arange(Tq, device=q.device).unsqueeze(-1) + (Tk - Tq)
    n_blocks = Tk // block_size
    for blk in range(n_blocks):
        start = blk * block_size
        kb = k[..., start:start + block_size, :]
        vb = v[..., start:start + block_size, :]
        s = torch.matmul(q, kb.transpose(-2, -1)) * scale
        if causal:
            cols = torch.arange(start, start + kb.shape[-2], device=q.device)
            s = s.masked_fill(cols > rows, float("-inf"))
        m_new = torch.maximum(m, s.amax(dim=-1, keepdim=True))
        m_safe = torch.where(torch.isinf(m_new), torch.zeros_like(m_new), m_new)
        alpha = torch.exp(m - m_safe)
        p = torch.exp(s - m_safe)
        l = alpha * l + p.sum(dim=-1, keepdim=True)
        acc = acc + torch.matmul(p, vb)
        m = m_new
    return acc / l.clamp_min(torch.finfo(l.dtype).tiny)
