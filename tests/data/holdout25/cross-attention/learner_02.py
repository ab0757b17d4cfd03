import math

import torch


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    x_local = x.clone()
    mem_local = memory.clone()
    B, T, d = x_local.shape
    S = mem_local.shape[1]
    dh = d // n_heads
    q = torch.matmul(x_local, w_q).view(B, T, n_heads, dh).transpose(1, 2).clone()
    k = torch.matmul(mem_local, w_k).view(B, S, n_heads, dh).transpose(1, 2).clone()
    v = torch.matmul(mem_local, w_v).view(B, S, n_heads, dh).transpose(1, 2).clone()
    scores = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(dh)
    if memory_mask is None:
        keep = torch.ones(B, S, dtype=torch.bool, device=x.device)
    else:
        keep = memory_mask.clone().to(torch.bool)
    keep = keep[:, None, None, :]
    scores = scores.masked_fill(~keep, float("-inf"))
    top = scores.amax(dim=-1, keepdim=True)
    top = torch.where(torch.isinf(top), torch.zeros_like(top), top)
    weights = torch.exp(scores - top)
    total = weights.sum(dim=-1, keepdim=True)
    weights = weights / torch.where(total > 0, total, torch.ones_like(total))
    heads = torch.matmul(weights, v)
    concat = heads.transpose(1, 2).reshape(B, T, d)
    out = torch.empty_like(x_local)
    torch.matmul(concat, w_o, out=out)
    return out
