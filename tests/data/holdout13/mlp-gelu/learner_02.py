import torch
import torch.nn.functional as F


def mlp(x, w1, b1, w2, b2):
    h = F.gelu(torch.matmul(x, w1) + b1, approximate="tanh")
    return torch.matmul(h, w2) + b2
