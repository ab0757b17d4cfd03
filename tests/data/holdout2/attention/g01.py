import torch
import torch.nn.functional as F


def attention(q, k, v, mask=None):
    d_k = q.shape[-1]
    scores = torch.matmul(q, k.transpose(-2, -1)) / d_k ** 0.5
    if mask is not None:
        scores = scores.masked_fill(~mask, -1e9)
    weights = F.softmax(scores, dim=-1)
    return torch.matmul(weights, v)
