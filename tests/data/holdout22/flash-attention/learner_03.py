import math
import torch


def init_state(q, dv):
    """Running max m, running sum l and unnormalised output acc for each query row."""
    lead_tq = q.shape[:-1]
    m = torch.full((*lead_tq, 1), float("-inf"), dtype=q.dtype)
    l = torch.zeros((*lead_tq, 1), dtype=q.dtype)
    acc = torch.zeros((*lead_tq, dv), dtype=q.dtype)
    return m, l, acc


def block_scores(q, k_blk, start, causal, Tq, Tk):
    """Scaled scores of all queries against one key block, future keys set to -inf."""
    s = q @ k_blk.transpose(-2, -1) / math.sqrt(q.shape[-1])
    if causal:
        i = torch.arange(Tq).unsqueeze(1)
        j = torch.arange(start, start + k_blk.shape[-2]).unsqueeze(0)
        s = s.masked_fill(j > i + (Tk - Tq), float("-inf"))
    return s


def flash_attention(q, k, v, causal=False, block_size=64):
    """Tiled attention with an online softmax; a query that sees no key outputs zeros."""
    Tq, Tk = q.shape[-2], k.shape[-2]
    m, l, acc = init_state(q, v.shape[-1])
    if Tk == 0:
        return acc
    for start in range(0, Tk - block_size, block_size):
        s = block_scores(q, k[..., start:start + block_size, :], start, causal, Tq, Tk)
        m_new = torch.maximum(m, s.amax(dim=-1, keepdim=True))
        shift = torch.where(torch.isinf(m_new), torch.zeros_like(m_new), m_new)
        p = torch.exp(s - shift)
        correction = torch.exp(shift - m)
        l = l * correction + p.sum(dim=-1, keepdim=True)
        acc = acc * correction + p @ v[..., start:start + block_size, :]
        m = m_new
    return acc / torch.where(l > 0, l, torch.ones_like(l))
