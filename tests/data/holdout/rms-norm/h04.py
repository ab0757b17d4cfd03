import torch


def rms_norm(x, gamma, eps=1e-6):
    xc = x - x.mean(-1, keepdim=True)
    denom = torch.sqrt((xc ** 2).mean(-1, keepdim=True) + eps)
    return gamma * xc / denom
