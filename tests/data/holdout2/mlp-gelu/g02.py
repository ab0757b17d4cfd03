import torch
import torch.nn.functional as F


def mlp(x, w1, b1, w2, b2):
    h = x @ w1 + b1
    h = F.gelu(h, approximate="tanh")
    return h @ w2 + b2
