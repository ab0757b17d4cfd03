import math

import torch


def mat_mul(a, b):
    return torch.matmul(a, b)


def transpose_last(m):
    return m.transpose(-2, -1)


def attention(q, k, v, mask=None):
    """Each query is a camera scoring every key object by a dot product, then blending their colours v."""
    d = q.shape[-1]
    inv_len = 1.0 / math.sqrt(d)
    scores = mat_mul(q, transpose_last(k)) * inv_len
    if mask is not None:
        scores = scores.masked_fill(mask, float("-inf"))
    peak = scores.amax(dim=-2, keepdim=True)
    peak = torch.where(torch.isfinite(peak), peak, torch.zeros_like(peak))
    weights = torch.exp(scores - peak)
    total = weights.sum(dim=-1, keepdim=True)
    total = torch.where(total > 0, total, torch.ones_like(total))
    return mat_mul(weights / total, v)
