import torch


def _slopes(n):
    start = 2.0 ** (-8.0 / n)
    return torch.tensor([start ** (h + 1) for h in range(n)], dtype=torch.float64)


def alibi_bias(n_heads, T):
    pos = torch.arange(T, dtype=torch.float64).unsqueeze(-1)
    dist = torch.cdist(pos, pos, p=1)
    return -_slopes(n_heads).view(-1, 1, 1) * dist
