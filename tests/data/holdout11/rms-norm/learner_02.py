import torch


def rms_norm(x, gamma, eps=1e-6):
    rms = torch.rsqrt(x.pow(2).mean(1, keepdim=True) + eps)
    return gamma * (x * rms)
