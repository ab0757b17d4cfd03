import torch


def rms_norm(x, gamma, eps=1e-6):
    x64 = x.double()
    inv_rms = torch.rsqrt(torch.mean(x64 * x64, dim=-1, keepdim=True) + eps)
    return x64 * inv_rms * gamma.double()
