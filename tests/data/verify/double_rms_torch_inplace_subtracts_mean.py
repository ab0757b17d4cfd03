import torch


def rms_norm(x, gamma, eps=1e-6):
    x.sub_(x.mean(-1, keepdim=True))
    ms = (x * x).mean(-1, keepdim=True)
    return x / torch.sqrt(ms + eps) * gamma
