import math

import torch


def mlp(x, w1, b1, w2, b2):
    # x: (... d), w1: (d h), w2: (h d)
    z = torch.einsum("...d,dh->...h", x, w1)
    g = 0.5 * z * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (z + 0.044715 * z ** 3)))
    # back to (... d)
    y = torch.einsum("...h,hd->...d", g, w2) + b2
    return y
