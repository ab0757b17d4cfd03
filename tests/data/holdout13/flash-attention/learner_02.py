import math
import torch


def flash_attention(q, k, v, causal=False, block_size=64):
    *lead, Tq, d = q.shape
    Tk, dv = k.shape[-2], v.shape[-1]
    qs = q.to(torch.float64) / math.sqrt(dv)
    m = torch.full((*lead, Tq), float("-inf"), dtype=torch.float64)
    l = torch.zeros((*lead, Tq), dtype=torch.float64)
    o = torch.zeros((*lead, Tq, dv), dtype=torch.float64)
    qi = torch.arange(Tq).unsqueeze(-1)
    offset = Tq - Tk
    for j0 in range(0, Tk, block_size):
        kb = k[..., j0:j0 + block_size, :].to(torch.float64)
        vb = v[..., j0:j0 + block_size, :].to(torch.float64)
        s = qs @ kb.transpose(-1, -2)
        if causal:
            kj = torch.arange(j0, j0 + kb.shape[-2]).unsqueeze(0)
            s = s.masked_fill(kj > qi + offset, float("-inf"))
        m_blk = torch.maximum(m, s.amax(dim=-1))
        base = torch.where(torch.isfinite(m_blk), m_blk, torch.zeros_like(m_blk))
        p = torch.exp(s - base.unsqueeze(-1))
        corr = torch.exp(m - base)
        l = corr * l + p.sum(dim=-1)
        o = corr.unsqueeze(-1) * o + p @ vb
        m = m_blk
    out = o / l.clamp_min(1e-300).unsqueeze(-1)
    return out.to(q.dtype)
