import torch


def gelu(z):
    return 0.5 * z * (1 + torch.erf(z * 0.7071067811865476))


def mlp(x, w1, b1, w2, b2):
    hidden = gelu(x @ w1) + b1
    return hidden @ w2 + b2
