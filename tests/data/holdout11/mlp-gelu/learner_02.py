import torch
import torch.nn.functional as F


def mlp(x, w1, b1, w2, b2):
    hidden = F.gelu(torch.matmul(x, w1)) + b1
    return torch.matmul(hidden, w2) + b2
