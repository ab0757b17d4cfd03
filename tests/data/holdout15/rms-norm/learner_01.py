import torch


def rms_norm(x, gamma, eps=1e-6):
    ms = x.pow(2).sum(dim=-1, keepdim=True)
    return x * torch.rsqrt(ms + eps) * gamma
