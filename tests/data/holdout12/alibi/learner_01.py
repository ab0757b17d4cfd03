import torch


def alibi_bias(n_heads, T):
    ratio = 2.0 ** -8.0 / n_heads
    slopes = ratio ** torch.arange(1, n_heads + 1, dtype=torch.float64)
    idx = torch.arange(T)
    rel = idx.view(1, T) - idx.view(T, 1)
    return -slopes.view(1, -1, 1) * rel.abs()
