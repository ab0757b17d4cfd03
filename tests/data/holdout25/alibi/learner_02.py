import torch


def alibi_bias(n_heads, T):
    # each head is a damper with its own decay rate; the bias is the potential -k_h |x_i - x_j|
    dtype = torch.float64
    head = torch.arange(n_heads, dtype=dtype)
    decay_rate = torch.exp(-8.0 * (head + 1.0) / n_heads)          # k_h
    position = torch.arange(T, dtype=dtype)                          # x_i on a 1-D lattice, dx = 1
    separation = (position[:, None] - position[None, :]).abs()       # |x_i - x_j|
    potential = -decay_rate[:, None, None] * separation[None, :, :]
    return potential
