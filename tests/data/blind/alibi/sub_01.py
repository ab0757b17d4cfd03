import torch


def alibi_bias(n_heads, T):
    h = torch.arange(1, n_heads + 1, dtype=torch.float32)
    slopes = torch.pow(2.0, -8.0 * h / n_heads)
    pos = torch.arange(T, dtype=torch.float32)
    dist = (pos[:, None] - pos[None, :]).abs()
    bias = -slopes[:, None, None] * dist
    return torch.tril(bias)
