import torch


def alibi_bias(n_heads, T):
    h = torch.arange(n_heads, dtype=torch.float32)
    m = 2 ** (-8 * h / n_heads)
    i = torch.arange(T).view(T, 1)
    j = torch.arange(T).view(1, T)
    dist = (i - j).abs().float()
    return -m.view(-1, 1, 1) * dist
