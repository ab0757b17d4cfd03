import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    mu = x.mean(-1, keepdim=True)
    sd = x.std(-1, keepdim=True)
    normed = (x - mu) / (sd + eps)
    return normed * gamma + beta
