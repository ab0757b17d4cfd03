import torch


def alibi_bias(n_heads, T):
    slopes = torch.tensor([2 ** (-8 / n_heads) ** (h + 1) for h in range(n_heads)])
    idx = torch.arange(T)
    rel = (idx.view(1, -1) - idx.view(-1, 1)).abs()
    return -(slopes.view(-1, 1, 1) * rel)
