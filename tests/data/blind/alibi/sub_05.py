import torch


def alibi_bias(n_heads, T):
    idx = torch.arange(T, dtype=torch.float64)
    dist = (idx[None, :] - idx[:, None]).abs()
    biases = []
    for h in range(n_heads):
        m = 2 ** (-8 * (h + 1) / n_heads)
        biases.append(-m * dist)
    return torch.stack(biases)
