import torch


def rms_norm(x, gamma, eps=1e-6):
    rms = x.pow(2).mean(dim=-1, keepdim=True).sqrt()
    return x / (rms + eps) * gamma
