import torch


def alibi_bias(n_heads, T):
    bias = torch.zeros(n_heads, T, T, dtype=torch.long)
    pos = torch.arange(T)
    dist = (pos[:, None] - pos[None, :]).abs()
    for h in range(n_heads):
        m = 2 ** (-8 * h / n_heads)
        bias[h] = -m * dist
    return bias
