import math

import torch


def mlp(x, w1, b1, w2, b2):
    z = torch.einsum("...d,dh->...h", x, w1) + b1
    g = 0.5 * z * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (z + 0.044715 * z ** 3)))
    return torch.einsum("...h,hd->...d", g, w2)
