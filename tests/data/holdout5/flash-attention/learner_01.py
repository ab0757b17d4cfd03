import math
import torch


def flash_attention(q, k, v, causal=False, block_size=64):
    *batch, n_q, d = q.shape
    n_k = k.shape[-2]
    scale = 1 / math.sqrt(d)
    row_max = torch.full((*batch, n_q, 1), float("-inf"), dtype=q.dtype, device=q.device)
    row_sum = torch.zeros((*batch, n_q, 1), dtype=q.dtype, device=q.device)
    acc = torch.zeros((*batch, n_q, v.shape[-1]), dtype=q.dtype, device=q.device)
    q_pos = torch.arange(n_q, device=q.device).unsqueeze(1)
    offset = n_q - n_k
    for j0 in range(0, n_k, block_size):
        j1 = min(j0 + block_size, n_k)
        s = q @ k[..., j0:j1, :].transpose(-1, -2) * scale
        if causal:
            k_pos = torch.arange(j0, j1, device=q.device).unsqueeze(0)
            s = s.masked_fill(k_pos > q_pos + offset, float("-inf"))
        new_max = torch.maximum(row_max, s.amax(dim=-1, keepdim=True))
        shift = torch.where(torch.isinf(new_max), torch.zeros_like(new_max), new_max)
        p = torch.exp(s - shift)
        corr = torch.exp(row_max - shift)
        row_sum = row_sum * corr + p.sum(dim=-1, keepdim=True)
        acc = acc * corr + p @ v[..., j0:j1, :]
        row_max = new_max
    return acc / torch.where(row_sum == 0, torch.ones_like(row_sum), row_sum)
