import torch


def rms_norm(x, gamma, eps=1e-6):
    ms = x.pow(2).sum(-1, keepdim=True)
    return x * (ms.sqrt() + eps).reciprocal() * gamma
