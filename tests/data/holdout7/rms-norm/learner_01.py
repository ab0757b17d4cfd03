import torch


def rms_norm(x, gamma, eps=1e-6):
    ss = (x * x).sum(dim=-1, keepdim=True)
    inv_rms = torch.rsqrt(ss + eps)
    return x * inv_rms * gamma
