import torch


def rms_norm(x, gamma, eps=1e-6):
    norm = x.pow(2).mean(dim=-1, keepdim=True).add(1e-5).rsqrt()
    return x * norm * gamma
