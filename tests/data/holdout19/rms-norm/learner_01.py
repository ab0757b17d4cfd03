import torch

norm = lambda x, eps: (x * x).mean(-1, keepdim=True).add(eps).sqrt()


def rms_norm(x, gamma, eps=1e-6):
    return x.mul_(norm(x, eps)) * gamma
