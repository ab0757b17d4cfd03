import torch


def alibi_bias(n_heads, T):
    heads = torch.arange(0, n_heads, dtype=torch.float64)
    slopes = torch.pow(2.0, -8.0 * heads / n_heads)
    pos = torch.arange(T, dtype=torch.float64)
    dist = (pos[:, None] - pos[None, :])
    return -slopes[:, None, None] * dist[None, :, :]
