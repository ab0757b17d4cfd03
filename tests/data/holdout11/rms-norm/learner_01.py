import torch


def rms_norm(x, gamma, eps=1e-6):
    # do the statistics in high precision, cast back at the end
    xf = x.to(torch.float64)
    norm = xf * torch.rsqrt(xf.pow(2).mean(dim=-1, keepdim=True) + eps)
    return (norm * gamma).to(x.dtype)
