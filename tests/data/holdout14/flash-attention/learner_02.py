import math
import torch


def flash_attention(q, k, v, causal=False, block_size=64):
    *batch, n_q, d = q.shape
    n_k = k.shape[-2]
    c = 1 / math.sqrt(d)
    row_max = q.new_full((*batch, n_q), float("-inf"))
    row_sum = q.new_zeros((*batch, n_q))
    acc = q.new_zeros((*batch, n_q, v.shape[-1]))
    q_pos = torch.arange(n_q, device=q.device).unsqueeze(1) 
    for j0 in range(0, n_k, block_size):
        kb = k[..., j0:j0 + block_size, :]
        vb = v[..., j0:j0 + block_size, :]
        s = torch.matmul(q, kb.transpose(-1, -2)) * c
        if causal:
            k_pos = torch.arange(j0, j0 + kb.shape[-2], device=q.device).unsqueeze(0)
            s = s.masked_fill(k_pos > q_pos, float("-inf"))
        new_max = torch.maximum(row_max, s.amax(dim=-1))
        base = torch.where(torch.isinf(new_max), torch.zeros_like(new_max), new_max)
        p = torch.exp2(s - base.unsqueeze(-1))
        corr = torch.exp2(row_max - base)
        row_sum = row_sum * corr + p.sum(dim=-1)
        acc = acc * corr.unsqueeze(-1) + torch.matmul(p, vb)
        row_max = new_max
    denom = torch.where(row_sum == 0, torch.ones_like(row_sum), row_sum)
    return acc / denom.unsqueeze(-1)
