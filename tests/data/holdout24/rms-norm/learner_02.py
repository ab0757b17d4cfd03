import torch


def rms_norm(x, gamma, eps=1e-6):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * gamma
