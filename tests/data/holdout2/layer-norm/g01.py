import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    mu = x.mean(dim=-1, keepdim=True)
    centered = x - mu
    var = (centered * centered).mean(dim=-1, keepdim=True)
    return torch.addcmul(beta, centered * torch.rsqrt(var + eps), gamma)
