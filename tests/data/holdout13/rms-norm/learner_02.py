import torch


def rms_norm(x, gamma, eps=1e-6):
    input_dtype = x.dtype
    h = x.to(torch.float32)
    variance = h.pow(2).mean(-1, keepdim=True)
    h = h * torch.rsqrt(variance + eps)
    return ((1 + gamma) * h).to(input_dtype)
