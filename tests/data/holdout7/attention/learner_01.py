import math
import torch


def attention(q, k, v, mask=None):
    d = q.shape[-1]
    scores = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(d)

    if mask is not None:
        scores = torch.where(mask, scores, torch.full_like(scores, float("-inf")))

    # stable softmax by hand, careful with rows that are all -inf
    row_max = scores.amax(dim=-1, keepdim=True)
    row_max = torch.where(torch.isfinite(row_max), row_max, torch.zeros_like(row_max))
    e = torch.exp(scores - row_max)
    denom = e.sum(dim=-1, keepdim=True)
    weights = e / torch.where(denom > 0, denom, torch.ones_like(denom))

    out = weights @ v
    return out.to(q.dtype)
