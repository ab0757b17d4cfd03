import torch


def alibi_bias(n_heads, T):
    slopes = torch.tensor([2 ** (-8 * (h + 1) / n_heads) for h in range(n_heads)], dtype=torch.float64)
    i = torch.arange(T).unsqueeze(0)
    j = torch.arange(T).unsqueeze(0)
    dist = (i - j).abs()
    return -slopes * dist.unsqueeze(-1)
