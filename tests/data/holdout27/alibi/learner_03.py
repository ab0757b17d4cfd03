from functools import reduce

import torch


def compose(*fns):
    return reduce(lambda f, g: lambda z: g(f(z)), fns, lambda z: z)


def alibi_bias(n_heads, T):
    heads = torch.arange(n_heads, dtype=torch.float64)
    pos = torch.arange(T, dtype=torch.float64)
    slope_of = compose(lambda h: h + 1, lambda e: -8.0 * e / n_heads, lambda e: torch.exp(e))
    distance_of = compose(lambda p: p[:, None] - p[None, :])
    slopes = slope_of(heads)
    dist = distance_of(pos)
    return -slopes[:, None, None] * dist[None, :, :]
