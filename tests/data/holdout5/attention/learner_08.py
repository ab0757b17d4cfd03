import torch


def attention(q, k, v, mask=None):
    d = q.shape[1]
    scores = q @ k.transpose(-1, -2) / d ** 0.5
    if mask is not None:
        scores = scores.masked_fill(mask.logical_not(), float("-inf"))
    m = scores.amax(dim=-1, keepdim=True)
    m = torch.where(torch.isinf(m), torch.zeros_like(m), m)
    p = torch.exp(scores - m)
    s = p.sum(dim=-1, keepdim=True)
    p = p / s.clamp_min(1e-30)
    return p @ v
