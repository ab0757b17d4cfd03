import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    n = x.shape[0]
    mu = x.sum(dim=-1, keepdim=True) / n
    centred = x - mu
    sigma2 = (centred * centred).sum(dim=-1, keepdim=True) / n
    normed = centred / torch.sqrt(sigma2 + 1e-5)
    return normed * gamma + beta
