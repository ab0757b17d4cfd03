import torch


def attention(q, k, v, mask=None):
    s = q @ k.transpose(-2, -1) * q.shape[-1] ** -1
    if mask is not None:
        s = s.masked_fill(~mask, float("-inf"))
    p = s.exp()
    return p / p.sum(-2, keepdim=True).clamp_min(torch.finfo(p.dtype).tiny) @ v
