import math
import torch


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, d = q.shape[-2:]
    Tk = k.shape[-2]
    scale = 1.0 / math.sqrt(d)
    row_max = torch.full(q.shape[:-1] + (1,), float("-inf"), dtype=q.dtype, device=q.device)
    row_sum = torch.zeros_like(row_max)
    out = torch.zeros(q.shape[:-1] + (v.shape[-1],), dtype=q.dtype, device=q.device)
    qi = torch.arange(Tq, device=q.device).unsqueeze(1) + (Tk - Tq)
    for j0 in range(0, Tk, block_size):
        kj = k[..., j0:j0 + block_size, :]
        vj = v[..., j0:j0 + block_size, :]
        s = (q @ kj.transpose(-1, -2)) * scale
        if causal:
            kpos = torch.arange(j0, j0 + kj.shape[-2], device=q.device).unsqueeze(0)
            s = s.masked_fill(kpos > qi, float("-inf"))
        new_max = torch.maximum(row_max, s.amax(dim=-1, keepdim=True))
        safe = torch.where(torch.isinf(new_max), torch.zeros_like(new_max), new_max)
        p = torch.exp(s - safe)
        corr = torch.exp(row_max - safe)
        row_sum = row_sum * corr + p.sum(dim=-1, keepdim=True)
        out = out * corr + p @ vj
        row_max = new_max
    return torch.where(row_sum > 0, out / row_sum.clamp_min(1e-30), torch.zeros_like(out))
