from functools import reduce

import torch


def alibi_bias(n_heads, T):
    slopes = list(map(lambda h: 2.0 ** (-8.0 * (h + 1) / n_heads), range(1, n_heads + 1)))
    pos = torch.arange(T, dtype=torch.float64)
    dist = (pos[:, None] - pos[None, :]).abs()
    planes = map(lambda m: (-m * dist)[None], slopes)
    return reduce(lambda acc, p: torch.cat([acc, p], dim=0), planes, torch.empty(0, T, T, dtype=torch.float64))
