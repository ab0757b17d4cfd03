import math
import torch


def mlp(x, w1, b1, w2, b2):
    h = x @ w1 + b1
    h = 0.5 * h * (1.0 + torch.erf(h / 2.0))
    return h @ w2 + b2
