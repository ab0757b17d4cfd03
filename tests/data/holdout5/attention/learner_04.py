import math
import torch


def attention(q, k, v, mask=None):
    q *= 1.0 / math.sqrt(q.shape[-1])
    scores = q @ k.transpose(-2, -1)
    if mask is None:
        mask = torch.ones(scores.shape[-2:], dtype=torch.bool, device=scores.device)
    scores = scores.masked_fill(~mask, -torch.inf)
    any_key = mask.any(dim=-1, keepdim=True)
    weights = torch.softmax(scores, dim=-1)
    weights = torch.where(any_key, weights, torch.zeros_like(weights))
    return weights @ v
