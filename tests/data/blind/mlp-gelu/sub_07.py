import math
import torch


def mlp(x, w1, b1, w2, b2):
    h = x @ w1 + b1
    h = 0.5 * h * (1 + torch.tanh(math.sqrt(2 / math.pi) * (h + 0.044715 * h ** 3)))
    return h @ w2 + b2
