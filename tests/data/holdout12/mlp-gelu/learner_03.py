import math
import torch


def gelu(z):
    return 0.5 * z * (1.0 + torch.erf(z * math.sqrt(2.0)))


def mlp(x, w1, b1, w2, b2):
    h = gelu(x @ w1 + b1)
    return h @ w2 + b2
