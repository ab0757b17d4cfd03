import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    d = x.shape[-1]
    s1 = x.sum(-1, keepdim=True)
    s2 = (x ** 2).sum(-1, keepdim=True)
    mean = s1 / d
    var = s2 / d - mean  # E[x^2] - E[x]^2
    y = (x - mean) * torch.rsqrt(var + eps)
    return (y + beta) * gamma
