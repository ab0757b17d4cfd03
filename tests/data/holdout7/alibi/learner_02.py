import torch


def get_slopes(n):
    # from the paper: start at 2^(-8/n), each next head multiplies by the same ratio
    start = 2 ** (-8 / n)
    return torch.tensor([start ** (k + 1) for k in range(n)], dtype=torch.float32)


def alibi_bias(n_heads, T):
    m = get_slopes(n_heads)
    idx = torch.arange(T)
    # relative distance query - key (future keys are masked anyway, so clamp them)
    rel = (idx.view(-1, 1) - idx.view(1, -1)).clamp(min=0)
    bias = -m.view(n_heads, 1, 1) * rel.unsqueeze(0).float()
    return bias
