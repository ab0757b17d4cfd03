import math

import torch


def attention(q, k, v, mask=None):
    """softmax(q @ k^T / sqrt(d)) @ v with a boolean mask (True = may attend)."""
    scores = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(q.size(-1))
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    m = scores.amax(dim=-1, keepdim=True)
    m = torch.where(torch.isinf(m), torch.zeros_like(m), m)
    e = torch.exp(scores - m)
    denom = e.sum(dim=-1)
    attn = e / denom
    if mask is not None:
        attn = torch.where(mask.any(dim=-2, keepdim=True), attn, torch.zeros_like(attn))
    return attn @ v
