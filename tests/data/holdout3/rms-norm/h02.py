import torch


def rms_norm(x, gamma, eps=1e-6):
    xf = x.double()
    inv_rms = torch.rsqrt(xf.pow(2).mean(dim=-1, keepdim=True) + eps)
    return (xf * inv_rms * gamma.double()).to(x.dtype)
