import torch


def layer_norm(x, gamma, beta, eps=1e-6):
    d = x.shape[-1]
    mu = x.sum(dim=-1, keepdim=True) / d
    xc = x - mu
    sigma2 = (xc * xc).sum(dim=-1, keepdim=True) / d
    return xc / torch.sqrt(sigma2 + eps) * gamma + beta
