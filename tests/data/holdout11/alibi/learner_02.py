import torch


def alibi_bias(n_heads, T):
    start = 2 ** (-8 / n_heads)
    m = torch.tensor([start ** (n_heads - h) for h in range(n_heads)], dtype=torch.float64)
    i = torch.arange(T).view(T, 1)
    j = torch.arange(T).view(1, T)
    return -(m.view(-1, 1, 1) * (i - j).abs())
