import math

import torch

_NEG_INF: float = float("-inf")


def _causal_keep(q_len: int, k_start: int, k_end: int, k_len: int, device) -> torch.Tensor:
    rows = torch.arange(q_len, device=device).unsqueeze(1)
    cols = torch.arange(k_start, k_end, device=device).unsqueeze(0)
    return cols < rows + (k_len - q_len)


def flash_attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, causal: bool = False, block_size: int = 64) -> torch.Tensor:
    assert q.shape[-1] == k.shape[-1] and k.shape[-2] == v.shape[-2]
    Tq, Tk = q.shape[-2], k.shape[-2]
    scale = 1.0 / math.sqrt(q.shape[-1])
    m = torch.full(q.shape[:-1] + (1,), _NEG_INF, dtype=q.dtype, device=q.device)
    l = torch.zeros_like(m)
    acc = torch.zeros(q.shape[:-1] + v.shape[-1:], dtype=q.dtype, device=q.device)
    for start in range(0, Tk - Tk % block_size, block_size):
        end = min(start + block_size, Tk)
        s = torch.matmul(q, k[..., start:end, :].transpose(-1, -2)) * scale
        if causal:
            s = s.masked_fill(~_causal_keep(Tq, start, end, Tk, q.device), _NEG_INF)
        m_new = torch.maximum(m, s.amax(dim=-1, keepdim=True))
        m_safe = torch.where(torch.isinf(m_new), torch.zeros_like(m_new), m_new)
        p = torch.exp(s - m_safe)
        corr = torch.exp(m_safe - m)
        l = l * corr + p.sum(dim=-1, keepdim=True)
        acc = acc * corr + torch.matmul(p, v[..., start:end, :])
        m = m_new
    out = acc / torch.where(l > 0, l, torch.ones_like(l))
    assert out.shape == q.shape[:-1] + v.shape[-1:]
    return out
