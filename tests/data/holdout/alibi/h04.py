import torch


def alibi_bias(n_heads, T):
    step = 8 // n_heads
    slopes = torch.tensor([2.0 ** (-step * (h + 1)) for h in range(n_heads)])
    pos = torch.arange(T)
    dist = (pos[None, :] - pos[:, None]).abs()
    return -(slopes[:, None, None] * dist)
