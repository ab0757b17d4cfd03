import torch


def alibi_bias(n_heads: int, T: int) -> torch.Tensor:
    step = 8 // n_heads
    exps = torch.arange(1, n_heads + 1) * step
    slopes = torch.pow(2.0, -exps.float())
    r = torch.arange(T)
    dist = (r.view(1, -1) - r.view(-1, 1)).abs().float()
    return -(slopes[:, None, None] * dist)
