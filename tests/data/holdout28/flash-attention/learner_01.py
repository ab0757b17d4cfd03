import math
from typing import NamedTuple

import torch


class Running(NamedTuple):
    m: torch.Tensor    # (..., Tq, 1) running max
    l: torch.Tensor    # (..., Tq, 1) running sum of exp
    acc: torch.Tensor  # (..., Tq, dv) unnormalised output


def start(q: torch.Tensor, dv: int) -> Running:
    lead = q.shape[:-1]
    m = torch.full((*lead, 1), float("-inf"), dtype=q.dtype, device=q.device)
    l = torch.zeros((*lead, 1), dtype=q.dtype, device=q.device)
    acc = torch.zeros((*lead, dv), dtype=q.dtype, device=q.device)
    return Running(m, l, acc)


def update(r: Running, s: torch.Tensor, v_blk: torch.Tensor) -> Running:
    m_new = torch.maximum(r.m, s.amax(dim=-1, keepdim=True))
    safe = torch.where(torch.isinf(m_new), torch.zeros_like(m_new), m_new)
    p = torch.exp(s - safe)
    alpha = torch.exp(r.m - safe)
    return Running(m_new, r.l * alpha + p.sum(dim=-1, keepdim=True), r.acc + p @ v_blk)


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, d = q.shape[-2:]
    Tk = k.shape[-2]
    scale = 1.0 / math.sqrt(v.shape[-1])
    r = start(q, v.shape[-1])
    rows = torch.arange(Tq, device=q.device)[:, None]
    for j0 in range(0, Tk, block_size):
        j1 = min(j0 + block_size, Tk)
        s = (q @ k[..., j0:j1, :].transpose(-1, -2)) * scale
        if causal:
            cols = torch.arange(j0, j1, device=q.device)[None, :]
            s = s.masked_fill(cols >= rows + (Tk - Tq), float("-inf"))
        r = update(r, s, v[..., j0:j1, :])
    return torch.where(r.l > 0, r.acc / r.l, torch.zeros_like(r.acc))
