import torch


def rms_norm(x, gamma, eps=1e-6):
    ms = x.pow(2).sum(dim=-1, keepdim=True) / x.shape[0]
    return x.mul_(torch.rsqrt(ms + eps)) * gamma
