import torch


def alibi_bias(n_heads, T):
    slopes = 2.0 ** (-8.0 / n_heads * torch.arange(n_heads))
    i = torch.arange(T).view(T, 1)
    j = torch.arange(T).view(1, T)
    dist = (i - j).abs().float()
    return -slopes.view(n_heads, 1, 1) * dist
