import math
import torch


def flash_attention(q, k, v, causal=False, block_size=64):
    *lead, Tq, d = q.shape
    Tk = k.shape[-2]
    q *= 1.0 / math.sqrt(d)
    m_i = torch.full((*lead, Tq), float("-inf"), dtype=q.dtype, device=q.device)
    l_i = torch.zeros((*lead, Tq), dtype=q.dtype, device=q.device)
    o = torch.zeros((*lead, Tq, v.shape[-1]), dtype=q.dtype, device=q.device)
    qpos = torch.arange(Tq, device=q.device) + Tk - Tq
    for j0 in range(0, Tk, block_size):
        kb, vb = k[..., j0:j0 + block_size, :], v[..., j0:j0 + block_size, :]
        s = q @ kb.transpose(-1, -2)
        if causal:
            kpos = torch.arange(j0, j0 + kb.shape[-2], device=q.device)
            s = s.masked_fill(kpos[None, :] > qpos[:, None], float("-inf"))
        m_new = torch.maximum(m_i, s.amax(dim=-1))
        m_safe = torch.where(torch.isinf(m_new), torch.zeros_like(m_new), m_new)
        p = torch.exp(s - m_safe[..., None])
        corr = torch.exp(m_i - m_safe)
        l_i = l_i * corr + p.sum(dim=-1)
        o = o + p @ vb
        m_i = m_new
    return o / l_i.clamp(min=1e-30)[..., None]
