import torch


def alibi_bias(n_heads, T):
    slopes = torch.tensor([2 ** (-8 * (h + 1) / n_heads) for h in range(n_heads)])
    i = torch.arange(T)
    j = torch.arange(T)
    rel = j[None, :] - i[:, None]
    return slopes[:, None, None] * rel[None, :, :]
