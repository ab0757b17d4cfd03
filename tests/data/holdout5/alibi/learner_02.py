import torch


def alibi_bias(n_heads, T):
    # slopes: geometric sequence that starts at 2^(-8/n)
    ratio = 2 ** (-8 / n_heads)
    slopes = torch.tensor([ratio ** (h + 1) for h in range(n_heads)], dtype=torch.float32)
    idx = torch.arange(T)
    distance = (idx.view(-1, 1) - idx.view(1, -1)).abs().float()
    bias = -distance.unsqueeze(-1) * slopes
    return bias
