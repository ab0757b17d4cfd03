import torch


def alibi_bias(n_heads, T):
    ratio = 2 ** -8 / n_heads
    m = torch.tensor([ratio ** (h + 1) for h in range(n_heads)], dtype=torch.float64)
    i = torch.arange(T).view(T, 1)
    j = torch.arange(1, T + 1).view(1, T)
    distance = (i - j).abs().to(torch.float64)
    bias = -m.view(n_heads, 1, 1) * distance
    return bias
