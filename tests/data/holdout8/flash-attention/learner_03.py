import math
import torch


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, d = q.shape[-2], q.shape[-1]
    Tk = k.shape[-2]
    scale = 1.0 / math.sqrt(v.shape[-1])
    lead = q.shape[:-1]
    m = torch.full((*lead, 1), float("-inf"), dtype=q.dtype)
    l = torch.zeros((*lead, 1), dtype=q.dtype)
    o = torch.zeros((*lead, v.shape[-1]), dtype=q.dtype)
    qi = torch.arange(Tq).unsqueeze(1)
    for start in range(0, Tk, block_size):
        stop = min(start + block_size, Tk)
        s = q @ k[..., start:stop, :].transpose(-1, -2) * scale
        if causal:
            kj = torch.arange(start, stop).unsqueeze(0)
            s = s.masked_fill(kj > qi + (Tk - Tq), float("-inf"))
        m_new = torch.maximum(m, s.amax(dim=-1, keepdim=True))
        shift = torch.where(torch.isinf(m_new), torch.zeros_like(m_new), m_new)
        p = torch.exp(s - shift)
        corr = torch.exp(m - shift)
        l = l * corr + p.sum(dim=-1, keepdim=True)
        o = o + corr * (p @ v[..., start:stop, :])
        m = m_new
    return o / l.clamp_min(torch.finfo(l.dtype).tiny)
