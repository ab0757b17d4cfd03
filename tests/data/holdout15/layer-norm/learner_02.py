import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(dim=-1, keepdim=True)
    var = x.var(dim=-1, keepdim=True, correction=0)
    x_hat = (x - mean) * torch.rsqrt(var + eps)
    return x_hat * gamma + beta
