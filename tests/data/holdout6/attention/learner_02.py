import math

import torch


def attention(q, k, v, mask=None):
    """softmax(q @ k^T / sqrt(d)) @ v.

    q (..., Tq, d), k (..., Tk, d), v (..., Tk, dv); mask bool, True = may attend.
    Returns (..., Tq, dv). A fully masked query row returns zeros.
    """
    d = q.size(-1)
    scores = torch.matmul(q, k.transpose(0, 1)) / math.sqrt(d)
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    attn = torch.softmax(scores, dim=-1)
    attn = torch.nan_to_num(attn, nan=0.0)
    return torch.matmul(attn, v)
