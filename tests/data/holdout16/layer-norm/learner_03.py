import torch


def _moments(x):
    mu = x.mean(dim=-1, keepdim=True)
    var = (x - mu).pow(2).mean(dim=-1, keepdim=True)
    return mu, var


def _normalise(x, mu, var, eps):
    return (x - mu) * torch.rsqrt(var + eps)


def layer_norm(x, gamma, beta, eps=1e-5):
    return gamma * _normalise(x, *_moments(x), eps) + beta
