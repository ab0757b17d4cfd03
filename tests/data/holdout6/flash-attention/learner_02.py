import math

import torch


def flash_attention(q, k, v, causal=False, block_size=64):
    """Tiled attention with an online softmax (the FlashAttention idea): see TASK.md."""
    *batch, Tq, d = q.shape
    Tk = k.shape[-2]
    offset = Tk - Tq
    row_max = torch.full((*batch, Tq, 1), float("-inf"), dtype=q.dtype)
    row_sum = torch.zeros((*batch, Tq, 1), dtype=q.dtype)
    out = torch.zeros((*batch, Tq, v.shape[-1]), dtype=q.dtype)
    qi = torch.arange(Tq).unsqueeze(1)
    for j0 in range(0, Tk, block_size):
        kb = k[..., j0:j0 + block_size, :]
        vb = v[..., j0:j0 + block_size, :]
        s = q @ kb.transpose(-2, -1) / math.sqrt(d)
        if causal:
            kj = torch.arange(j0, j0 + kb.shape[-2]).unsqueeze(0)
            s = s.masked_fill(kj > qi + offset, float("-inf"))
        new_max = torch.maximum(row_max, s.amax(dim=-1, keepdim=True))
        shift = torch.where(torch.isinf(new_max), torch.zeros_like(new_max), new_max)
        p = torch.exp(s - shift)
        row_max = new_max
        corr = torch.exp(row_max - shift)
        row_sum = row_sum * corr + p.sum(dim=-1, keepdim=True)
        out = out * corr + p @ vb
    row_sum = torch.where(row_sum == 0, torch.ones_like(row_sum), row_sum)
    return out / row_sum
