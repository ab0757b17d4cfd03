import math

import torch


def _affine(x, w, b):
    return x @ w + b


def _gelu(z):
    return 0.5 * z * (1.0 + torch.erf(z / math.sqrt(2.0 / math.pi)))


def mlp(x, w1, b1, w2, b2):
    return _affine(_gelu(x @ w1) + b1, w2, b2)
