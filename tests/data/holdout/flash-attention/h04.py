import math

import torch


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, d = q.shape[-2], q.shape[-1]
    Tk = k.shape[-2]
    scale = 1 / math.sqrt(d)
    row_max = torch.full(q.shape[:-1] + (1,), float("-inf"), dtype=q.dtype)
    row_sum = torch.zeros(q.shape[:-1] + (1,), dtype=q.dtype)
    out = torch.zeros(q.shape[:-1] + (v.shape[-1],), dtype=q.dtype)
    qpos = torch.arange(Tq).unsqueeze(-1) + (Tk - Tq)
    for start in range(0, Tk, block_size):
        kb = k[..., start:start + block_size, :]
        vb = v[..., start:start + block_size, :]
        s = (q @ kb.transpose(-1, -2)) * scale
        if causal:
            kpos = torch.arange(start, start + kb.shape[-2]).unsqueeze(0)
            s = s.masked_fill(kpos > qpos, float("-inf"))
        new_max = torch.maximum(row_max, s.amax(-1, keepdim=True))
        safe_max = torch.where(torch.isinf(new_max), torch.zeros_like(new_max), new_max)
        p = torch.exp(s - safe_max)
        corr = torch.exp(row_max - safe_max)
        row_sum = row_sum * corr + p.sum(-1, keepdim=True)
        out = out + p @ vb
        row_max = new_max
    return torch.where(row_sum > 0, out / row_sum.clamp_min(1e-30), torch.zeros_like(out))
