import math
import torch


def mlp(x, w1, b1, w2, b2):
    h = torch.addmm(b1, x.reshape(-1, x.shape[-1]), w1)
    h = 0.5 * h * (1.0 + torch.erf(h / math.sqrt(2.0)))
    y = torch.addmm(b2, h, w2)
    return y.reshape(*x.shape[:-1], w2.shape[-1])
