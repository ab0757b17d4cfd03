import math
import torch


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, d = q.shape[-2], q.shape[-1]
    Tk = k.shape[-2]
    scale = 1.0 / math.sqrt(d)
    shift = Tk - Tq  # bottom-right alignment: query i sees keys <= i + shift

    lead = q.shape[:-2]
    m = torch.full((*lead, Tq, 1), float("-inf"), dtype=q.dtype, device=q.device)
    l = torch.zeros((*lead, Tq, 1), dtype=q.dtype, device=q.device)
    acc = torch.zeros((*lead, Tq, v.shape[-1]), dtype=q.dtype, device=q.device)
    qi = torch.arange(Tq, device=q.device).unsqueeze(1)

    for start in range(0, Tk, block_size):
        end = min(start + block_size, Tk)
        kb = k[..., start:end, :]
        vb = v[..., start:end, :]
        s = (q @ kb.transpose(-2, -1)) * scale  # (..., Tq, blk)
        if causal:
            kj = torch.arange(start, end, device=q.device).unsqueeze(0)
            s = s.masked_fill(kj > qi + shift, float("-inf"))
        m_new = torch.maximum(m, s.amax(dim=-1, keepdim=True))
        # rows that have seen nothing yet keep m = -inf; use 0 there so exp() gives 0, not nan
        m_safe = torch.where(torch.isinf(m_new), torch.zeros_like(m_new), m_new)
        p = torch.exp(s - m_safe)
        alpha = torch.exp(m - m_safe)
        l = l * alpha + p.sum(dim=-1, keepdim=True)
        acc = acc * alpha + p @ vb
        m = m_new

    out = acc / torch.where(l == 0, torch.ones_like(l), l)
    return out.to(q.dtype)
