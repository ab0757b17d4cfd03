import math
import torch


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, Tk = q.size(-2), k.size(-2)
    scale = 1.0 / math.sqrt(q.size(-1))
    m = q.new_full(q.shape[:-1] + (1,), float('-inf'))
    l = q.new_zeros(q.shape[:-1] + (1,))
    o = q.new_zeros(q.shape[:-1] + (v.size(-1),))
    i = torch.arange(Tq, device=q.device)[:, None]
    for s in range(0, Tk, block_size):
        kb, vb = k[..., s:s + block_size, :], v[..., s:s + block_size, :]
        att = (q @ kb.transpose(-2, -1)) * scale
        if causal:
            j = torch.arange(s, s + kb.size(-2), device=q.device)[None, :]
            att = att.masked_fill(j >= i + (Tk - Tq), float('-inf'))
        m_new = torch.maximum(m, att.amax(dim=-1, keepdim=True))
        m_safe = m_new.nan_to_num(neginf=0.0)
        p = torch.exp(att - m_safe)
        c = torch.exp(m - m_safe)
        l = l + p.sum(dim=-1, keepdim=True)
        o = o * c + p @ vb
        m = m_new
    return o / l.clamp_min(1e-30)
