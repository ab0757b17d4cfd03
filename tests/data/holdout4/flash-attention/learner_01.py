import math

import torch


def flash_attention(q, k, v, causal=False, block_size=64):
    """Tiled attention with an online softmax (the FlashAttention idea): see TASK.md."""
    Tq, d = q.shape[-2], q.shape[-1]
    Tk = k.shape[-2]
    m = torch.full(q.shape[:-1] + (1,), float("-inf"), dtype=q.dtype, device=q.device)
    l = torch.zeros(q.shape[:-1] + (1,), dtype=q.dtype, device=q.device)
    o = torch.zeros(q.shape[:-1] + (v.shape[-1],), dtype=q.dtype, device=q.device)
    qpos = torch.arange(Tq, device=q.device)[:, None]
    for start in range(0, Tk, block_size):
        end = min(start + block_size, Tk)
        kb, vb = k[..., start:end, :], v[..., start:end, :]
        s = torch.matmul(q, kb.transpose(-2, -1)) / math.sqrt(d)
        if causal:
            kpos = torch.arange(start, end, device=q.device)[None, :]
            s = s.masked_fill(kpos > qpos, float("-inf"))
        blk_max = s.max(dim=-1, keepdim=True).values
        m_new = torch.maximum(m, blk_max)
        m_ref = torch.nan_to_num(m_new, neginf=0.0)
        p = torch.exp(s - m_ref)
        scale_old = torch.exp(m - m_ref)
        l = l * scale_old + p.sum(dim=-1, keepdim=True)
        o = o * scale_old + p @ vb
        m = m_new
    return o / l.clamp_min(torch.finfo(l.dtype).tiny)
