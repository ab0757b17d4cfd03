import math
from functools import reduce

import torch


def pipeline(*stages):
    return lambda t: reduce(lambda acc, f: f(acc), stages, t)


def gelu(z):
    return 0.5 * z * (1.0 + torch.erf(z / math.sqrt(2.0)))


def mlp(x, w1, b1, w2, b2):
    forward = pipeline(
        lambda t: t @ w1 + b1,
        gelu,
        lambda t: t @ w2 + b2,
    )
    return forward(x)
