import torch
import torch.nn.functional as F


def mlp(x, w1, b1, w2, b2):
    hidden = F.gelu(x @ w1) + b1
    return hidden @ w2 + b2
