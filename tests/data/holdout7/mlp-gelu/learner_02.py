import torch


def gelu(t):
    # exact gelu: 0.5 t (1 + erf(t / sqrt 2))
    return 0.5 * t * (1.0 + torch.erf(t * 0.7071067811865476))


def mlp(x, w1, b1, w2, b2):
    h = gelu(x @ w1) + b1
    return h @ w2
