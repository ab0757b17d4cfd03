import math

import torch


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, Tk = q.shape[-2], k.shape[-2]
    scale = 1.0 / math.sqrt(q.shape[-1])
    row_max = torch.full(q.shape[:-1] + (1,), float("-inf"), dtype=q.dtype, device=q.device)
    row_sum = torch.zeros(q.shape[:-1] + (1,), dtype=q.dtype, device=q.device)
    acc = torch.zeros(q.shape[:-1] + (v.shape[-1],), dtype=torch.float64, device=q.device)
    q_pos = torch.arange(Tq, device=q.device)[:, None] + (Tq - Tk)
    for j0 in range(0, Tk, block_size):
        k_blk, v_blk = k[..., j0:j0 + block_size, :], v[..., j0:j0 + block_size, :]
        s = (q @ k_blk.transpose(-1, -2)) * scale
        if causal:
            k_pos = torch.arange(j0, j0 + k_blk.shape[-2], device=q.device)[None, :]
            s = s.masked_fill(k_pos > q_pos, float("-inf"))
        new_max = torch.maximum(row_max, s.amax(dim=-1, keepdim=True))
        safe_max = torch.where(torch.isinf(new_max), torch.zeros_like(new_max), new_max)
        p = torch.exp(s - safe_max)
        rescale = torch.exp(row_max - safe_max)
        row_sum = row_sum + p.sum(dim=-1, keepdim=True)
        acc = acc * rescale + p @ v_blk
        row_max = new_max
    return acc / torch.where(row_sum > 0, row_sum, torch.ones_like(row_sum))
