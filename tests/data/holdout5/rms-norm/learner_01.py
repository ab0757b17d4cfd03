import torch


def rms_norm(x, gamma, eps=1e-5):
    inv = torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps)
    return x * inv * (1 + gamma)
