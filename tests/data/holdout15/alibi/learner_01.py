import torch


def alibi_bias(n_heads, T):
    n = n_heads
    h = torch.arange(n, dtype=torch.float64)
    m = 2.0 ** (-8.0 * h / n)
    i = torch.arange(T, dtype=torch.float64)
    D = (i[:, None] - i[None, :]).abs()
    return -m[:, None, None] * D
