import math

import torch


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, Tk = q.shape[-2], k.shape[-2]
    scale = 1 / math.sqrt(q.shape[-1])
    acc = torch.zeros(*q.shape[:-1], v.shape[-1], dtype=q.dtype)
    row_max = torch.full(q.shape[:-1], float("-inf"), dtype=q.dtype)
    row_sum = torch.zeros(q.shape[:-1], dtype=q.dtype)
    q_pos = torch.arange(Tq).unsqueeze(-1) + (Tk - Tq)
    for j0 in range(0, Tk, block_size):
        kb = k[..., j0:j0 + block_size, :]
        vb = v[..., j0:j0 + block_size, :]
        s = (q @ kb.transpose(-1, -2)) * scale
        if causal:
            k_pos = torch.arange(kb.shape[-2])
            s = s.masked_fill(k_pos.unsqueeze(0) > q_pos, float("-inf"))
        new_max = torch.maximum(row_max, s.amax(-1))
        shift = torch.where(torch.isinf(new_max), torch.zeros_like(new_max), new_max)
        p = torch.exp(s - shift.unsqueeze(-1))
        corr = torch.exp(row_max - shift)
        row_sum = row_sum * corr + p.sum(-1)
        acc = acc * corr.unsqueeze(-1) + p @ vb
        row_max = new_max
    denom = row_sum.unsqueeze(-1)
    return torch.where(denom > 0, acc / denom.clamp_min(1e-30), torch.zeros_like(acc))
