import math

import torch


def mlp(x, w1, b1, w2, b2):
    # first linear layer: project d -> h and add the bias
    pre = x @ w1 + b1
    # exact GELU: z * Phi(z), with Phi the standard normal CDF written with erf
    act = 0.5 * pre * (1.0 + torch.erf(pre / 2.0))
    # second linear layer back to d, plus its bias
    out = act @ w2 + b2
    return out
