import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    mu = x.mean(dim=-1, keepdim=True)
    xc = x - mu
    var = (xc * xc).mean(dim=-1, keepdim=True)  # biased variance (divide by d)
    x_hat = xc / torch.sqrt(var + eps)
    return x_hat * gamma + beta
