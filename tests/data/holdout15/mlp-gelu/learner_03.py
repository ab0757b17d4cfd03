import math
import torch

SQRT2 = math.sqrt(2.0 / math.pi)


def mlp(x, w1, b1, w2, b2):
    z = torch.matmul(x, w1) + b1
    g = 0.5 * (1.0 + torch.erf(z / SQRT2))
    y = torch.matmul(g, w2) + b2
    return y
