import math

import torch


def attention(q, k, v, mask=None):
    """softmax(q @ k^T / sqrt(d)) @ v.

    q (..., Tq, d), k (..., Tk, d), v (..., Tk, dv); mask bool, True = may attend.
    Returns (..., Tq, dv). A fully masked query row returns zeros.
    """
    d = q.shape[-1]
    scores = q @ k.transpose(-2, -1) / math.sqrt(d)
    e = torch.exp(scores)
    if mask is not None:
        e = e * mask
    total = e.sum(dim=-1, keepdim=True)
    total = torch.where(total == 0, torch.ones_like(total), total)
    return (e / total) @ v
