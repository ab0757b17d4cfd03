import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(dim=-1, keepdim=True)
    xc = x.sub_(mean)
    var = (xc * xc).mean(dim=-1, keepdim=True)
    x_hat = xc * torch.rsqrt(var + 1e-5)
    return x_hat * gamma + beta
