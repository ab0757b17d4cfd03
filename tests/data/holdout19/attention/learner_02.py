import math

import torch
import torch.nn.functional as F


@torch.no_grad()
def attention(q, k, v, mask=None):
    scores = torch.matmul(q, k.transpose(-2, -1)).mul(1.0 / math.sqrt(q.size(-1)))
    if mask is not None:
        scores = scores.masked_fill(mask, float("-inf"))
    weights = F.softmax(scores, dim=-2)
    weights = torch.where(torch.isnan(weights), torch.zeros_like(weights), weights)
    return torch.matmul(weights, v).to(q.dtype)
