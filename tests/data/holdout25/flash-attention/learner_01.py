import math

import torch


def _block_scores(q, k_blk, scale):
    return torch.matmul(q, k_blk.transpose(-1, -2)) / scale


def _visible(q_idx, k_idx, Tq, Tk):
    """bottom-right causal: query i sees key j iff j <= i + Tk - Tq."""
    return k_idx[None, :] <= q_idx[:, None] + (Tk - Tq)


assert _visible(torch.arange(2), torch.arange(3), 2, 3).tolist() == [[True, True, False], [True, True, True]]


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, Tk = q.shape[-2], k.shape[-2]
    scale = 1.0 / math.sqrt(q.shape[-1])
    q_idx = torch.arange(Tq, device=q.device)
    m = torch.full(q.shape[:-1] + (1,), float("-inf"), dtype=q.dtype, device=q.device)
    l = torch.zeros(q.shape[:-1] + (1,), dtype=q.dtype, device=q.device)
    acc = torch.zeros(q.shape[:-1] + (v.shape[-1],), dtype=q.dtype, device=q.device)
    for start in range(0, Tk, block_size):
        stop = min(start + block_size, Tk)
        s = _block_scores(q, k[..., start:stop, :], scale)
        if causal:
            s = s.masked_fill(~_visible(q_idx, torch.arange(start, stop, device=q.device), Tq, Tk), float("-inf"))
        m_new = torch.maximum(m, s.amax(dim=-1, keepdim=True))
        m_ref = torch.where(torch.isinf(m_new), torch.zeros_like(m_new), m_new)
        p = torch.exp(s - m_ref)
        alpha = torch.exp(m - m_ref)
        l = l + p.sum(dim=-1, keepdim=True)
        acc = alpha * acc + torch.matmul(p, v[..., start:stop, :])
        m = m_new
    assert acc.shape[-2:] == (Tq, v.shape[-1])
    return acc / torch.where(l == 0, torch.ones_like(l), l)
