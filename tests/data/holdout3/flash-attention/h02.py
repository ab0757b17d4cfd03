import math
import torch


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, Tk = q.shape[-2], k.shape[-2]
    scale = 1.0 / math.sqrt(q.shape[-1])
    out = torch.zeros(*q.shape[:-1], v.shape[-1], dtype=torch.float64, device=q.device)
    row_max = torch.full((*q.shape[:-1], 1), float("-inf"), dtype=torch.float64, device=q.device)
    row_sum = torch.zeros((*q.shape[:-1], 1), dtype=torch.float64, device=q.device)
    qi = torch.arange(Tq, device=q.device).unsqueeze(1)
    for j0 in range(0, Tk, block_size):
        j1 = min(j0 + block_size, Tk)
        kb = k[..., j0:j1, :].double()
        vb = v[..., j0:j1, :].double()
        s = (q.double() @ kb.transpose(-1, -2)) * scale
        if causal:
            kj = torch.arange(j0, j1, device=q.device).unsqueeze(0)
            s = s.masked_fill(kj > qi + (Tk - Tq), float("-inf"))
        new_max = torch.maximum(row_max, s.amax(dim=-1, keepdim=True))
        shift = torch.where(torch.isinf(new_max), torch.zeros_like(new_max), new_max)
        p = torch.exp(s - shift)
        correction = torch.exp(row_max - shift)
        row_sum = row_sum * correction + p.sum(dim=-1, keepdim=True)
        out = out * correction + p @ vb
        row_max = new_max
    out = torch.where(row_sum > 0, out / row_sum.clamp_min(1e-300), torch.zeros_like(out))
    return out.to(q.dtype)
