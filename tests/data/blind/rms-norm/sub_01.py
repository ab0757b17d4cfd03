import torch


def rms_norm(x, gamma, eps=1e-6):
    variance = x.pow(2).mean(-1, keepdim=True)
    return gamma * (x * torch.rsqrt(variance + eps))
