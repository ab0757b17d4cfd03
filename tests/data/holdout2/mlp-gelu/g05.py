import torch
import torch.nn.functional as F


def mlp(x, w1, b1, w2, b2):
    hidden = F.gelu(F.linear(x, w1, b1))
    return F.linear(hidden, w2, b2)
