import math
from functools import reduce

import torch


def chain(x, *fns):
    return reduce(lambda acc, f: f(acc), fns, x)


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    dh = d // n_heads
    heads = lambda t: t.view(B, T, dh, n_heads).permute(0, 3, 1, 2)
    merge = lambda t: t.transpose(1, 2).reshape(B, T, d)
    q, k, v = (chain(x, lambda t: t @ w, heads) for w in (w_q, w_k, w_v))
    keep = torch.ones(T, T, dtype=torch.bool, device=x.device) if mask is None else mask
    keep = keep.unsqueeze(-3)
    scores = chain(q @ k.transpose(-2, -1), lambda s: s / math.sqrt(d), lambda s: s.masked_fill(~keep, float("-inf")))
    probs = chain(scores, lambda s: torch.softmax(s, dim=-1), lambda p: torch.nan_to_num(p, nan=0.0))
    return chain(probs @ v, merge, lambda t: t @ w_o)
