import functools
import math

import torch


def keeps_dtype(fn):
    """Compute in float64, hand back the caller's dtype."""
    @functools.wraps(fn)
    def wrapper(q, k, v, mask=None):
        out = fn(q.double(), k.double(), v.double(), mask)
        return out
    return wrapper


def zero_empty_rows(fn):
    """Query rows whose mask is all False come back as zeros instead of NaN."""
    @functools.wraps(fn)
    def wrapper(q, k, v, mask=None):
        out = fn(q, k, v, mask)
        if mask is None:
            return out
        visible = torch.broadcast_to(mask, (*out.shape[:-1], k.shape[-2])).all(dim=-1, keepdim=True)
        return torch.where(visible, out, torch.zeros_like(out))
    return wrapper


@keeps_dtype
@zero_empty_rows
def attention(q, k, v, mask=None):
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ v
