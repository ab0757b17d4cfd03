from functools import reduce

import torch


def rms_norm(x, gamma, eps=1e-6):
    steps = [
        lambda t: t.pow(2),
        lambda t: t.mean(dim=0, keepdim=True),
        lambda t: t + eps,
        torch.sqrt,
    ]
    inv = reduce(lambda acc, f: f(acc), steps, x)
    return x * inv * gamma
