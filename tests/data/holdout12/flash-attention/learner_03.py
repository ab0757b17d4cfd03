import math
import torch


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, Tk = q.shape[-2], k.shape[-2]
    scale = 1 / math.sqrt(q.shape[-1])
    acc = torch.zeros(*q.shape[:-1], v.shape[-1], dtype=torch.float64)
    row_max = torch.full((*q.shape[:-1], 1), -math.inf, dtype=torch.float64)
    row_sum = torch.zeros((*q.shape[:-1], 1), dtype=torch.float64)
    qi = torch.arange(Tq).unsqueeze(1)
    q64 = q.double() * scale
    for j0 in range(0, Tk, block_size):
        kb = k[..., j0:j0 + block_size, :].double()
        vb = v[..., j0:j0 + block_size, :].double()
        s = q64 @ kb.transpose(-1, -2)
        if causal:
            kj = torch.arange(kb.shape[-2]).unsqueeze(0)
            s = s.masked_fill(kj > qi + (Tk - Tq), -math.inf)
        new_max = torch.maximum(row_max, s.amax(-1, keepdim=True))
        shift = torch.where(new_max == -math.inf, torch.zeros_like(new_max), new_max)
        p = torch.exp(s - shift)
        corr = torch.exp(row_max - shift)
        row_sum = row_sum * corr + p.sum(-1, keepdim=True)
        acc = acc * corr + p @ vb
        row_max = new_max
    out = acc / row_sum.clamp_min(1e-300)
    return out.to(q.dtype)
