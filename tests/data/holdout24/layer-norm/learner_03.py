import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    # Ba, Kiros & Hinton (2016): mu = (1/H) sum_i a_i,  sigma^2 = (1/H) sum_i (a_i - mu)^2
    H = x.shape[-1]
    mu = x.sum(dim=-1, keepdim=True) / H
    centered = x - mu
    sigma2 = (x ** 2).sum(dim=-1, keepdim=True) / H
    a_hat = centered / torch.sqrt(sigma2 + eps)
    y = gamma * (a_hat + beta)
    return y
