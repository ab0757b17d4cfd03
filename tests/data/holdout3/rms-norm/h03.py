import torch


def rms_norm(x, gamma, eps=1e-6):
    var = x.var(dim=-1, keepdim=True, unbiased=False)
    return x * torch.rsqrt(var + eps) * gamma
