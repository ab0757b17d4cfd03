import torch


def rms_norm(x, gamma, eps=1e-6):
    sq = x.pow(2)
    mean_sq = sq.sum(dim=-1, keepdim=True)
    rms_inv = torch.rsqrt(mean_sq + eps)
    return x * rms_inv * (1 + gamma)
