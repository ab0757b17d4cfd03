import torch


def mlp(x, w1, b1, w2, b2):
    h = x @ w1 + b1
    h = h * 0.5 * (1 + torch.erf(h))
    return h @ w2 + b2
