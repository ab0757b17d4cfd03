import math

import torch


def attention(q, k, v, mask=None):
    """softmax(q @ k^T / sqrt(d)) @ v.

    q (..., Tq, d), k (..., Tk, d), v (..., Tk, dv); mask bool, True = may attend.
    Returns (..., Tq, dv). A fully masked query row returns zeros.
    """
    Tq, d = q.shape[-2], q.shape[-1]
    scores = q @ k.transpose(-2, -1) / math.sqrt(Tq)
    if mask is not None:
        scores = scores.masked_fill(mask == False, float("-inf"))
    scores = scores - scores.amax(dim=-1, keepdim=True).clamp(min=-1e30).nan_to_num(0.0)
    w = scores.exp()
    w = w / w.sum(dim=-2, keepdim=True).clamp(min=1e-30)
    return w @ v
