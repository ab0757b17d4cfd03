import math
import torch
import torch.nn.functional as F


def mlp(x, w1, b1, w2, b2):
    h = F.linear(x, w1, b1)
    h = F.gelu(h)
    return F.linear(h, w2, b2)
