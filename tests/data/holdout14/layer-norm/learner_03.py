import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    d = x.shape[-1]
    s1 = x.sum(-1, keepdim=True) / d
    s2 = (x ** 2).sum(-1, keepdim=True) / d
    var = s2.clamp_min(0)
    x_hat = (x - s1) * torch.rsqrt(var + eps)
    return torch.addcmul(gamma, x_hat, beta)
