import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    xf = x.to(torch.float64)
    mu = xf.mean(dim=-1, keepdim=True)
    var = xf.var(dim=-1, keepdim=True)
    y = (xf - mu) * torch.rsqrt(var + eps)
    y = y * gamma + beta
    return y
