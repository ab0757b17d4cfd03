import torch


def alibi_bias(n_heads, T):
    slopes = torch.tensor([2 ** (-8 * (h + 1) / n_heads) for h in range(1, n_heads + 1)], dtype=torch.float64)
    pos = torch.arange(T, dtype=torch.float64)
    dist = (pos[:, None] - pos[None, :]).abs()
    return -slopes[:, None, None] * dist[None, :, :]
