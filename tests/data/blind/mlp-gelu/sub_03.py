import math
import torch


def gelu(x):
    return 0.5 * (1.0 + torch.erf(x / math.sqrt(2.0)))


def mlp(x, w1, b1, w2, b2):
    return gelu(x @ w1 + b1) @ w2 + b2
