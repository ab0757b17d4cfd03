import functools
import math

import torch


def unchanged_inputs(fn):
    """Hand the wrapped function clones, so nothing the caller passed can be written to."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        clone = lambda a: a.clone() if isinstance(a, torch.Tensor) else a  # noqa: E731
        return fn(*map(clone, args), **{k: clone(v) for k, v in kwargs.items()})
    return wrapper


def split_heads(n_heads):
    """Decorate a projection (t, w) -> (B, L, d) so it returns (B, n_heads, L, d / n_heads)."""
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(t, w):
            y = fn(t, w)
            B, L, d = y.shape
            return y.view(B, L, n_heads, d // n_heads).transpose(1, 2)
        return wrapper
    return deco


@unchanged_inputs
def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape

    @split_heads(n_heads)
    def project(t, w):
        return t @ w

    q, k, v = project(x, w_q), project(memory, w_k), project(memory, w_v)
    scores = q @ k.transpose(-2, -1) / math.sqrt(d // n_heads)
    if memory_mask is not None:
        keep = memory_mask[:, None, None, :]  # (B, 1, 1, S)
        scores = scores.masked_fill(~keep, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    weights = torch.nan_to_num(weights, nan=0.0)  # all-padding memory: NaN -> zeros
    out = (weights @ v).transpose(1, 2).reshape(B, T, d)
    return out @ w_o
