import math

import torch


def attention(q, k, v, mask=None):
    assert q.dim() >= 2 and k.dim() == q.dim() and v.dim() == q.dim(), "q, k, v: same rank, at least 2"
    assert q.shape[-1] == k.shape[-1], "q and k must share d"
    assert k.shape[-2] == v.shape[-2], "k and v must share Tk"
    d = q.shape[-1]
    scores = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(v.shape[-1])
    match mask:
        case None:
            keep = torch.ones_like(scores, dtype=torch.bool)
        case torch.Tensor():
            assert mask.dtype == torch.bool, "mask must be boolean"
            keep = mask.expand_as(scores)
    scores = scores.masked_fill(~keep, float("-inf"))
    peak = scores.amax(dim=-1, keepdim=True)
    peak = torch.where(torch.isfinite(peak), peak, torch.zeros_like(peak))
    weights = torch.exp(scores - peak).masked_fill(~keep, 0.0)
    total = weights.sum(dim=-1, keepdim=True)
    weights = weights / total
    return torch.matmul(weights, v)
