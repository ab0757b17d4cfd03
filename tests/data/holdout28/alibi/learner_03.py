import torch


def alibi_bias(n_heads, T):
    if (n := n_heads) & (n - 1):
        raise ValueError(f"n_heads must be a power of two, got {n}")
    slopes = 2.0 ** (-8.0 * torch.arange(n, 0, -1, dtype=torch.float64) / n)
    dist = (pos := torch.arange(T, dtype=torch.float64))[None, :] - pos[:, None]
    return -(slopes[:, None, None] * (dist := dist.abs())[None])
