import torch


def alibi_bias(n_heads, T):
    pos = torch.arange(T, dtype=torch.float64)
    dist = (pos.unsqueeze(0) - pos.unsqueeze(1)).abs()
    biases = []
    for h in range(n_heads):
        m = 2 ** (-8 * (h + 1) / n_heads)
        biases.append(-m * dist)
    return torch.stack(biases)
