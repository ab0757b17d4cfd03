import torch
import torch.nn.functional as F


def attention(q, k, v, mask=None):
    d = q.size(-1)
    scores = torch.matmul(q, k.transpose(0, 1)) * d ** -0.5
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = F.softmax(scores, dim=-2)
    # rows with every key masked are all NaN after the softmax: they must output zeros
    weights = torch.nan_to_num(weights, nan=0.0)
    return torch.matmul(weights, v)
