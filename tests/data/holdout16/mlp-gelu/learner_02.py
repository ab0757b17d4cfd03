import math

import torch


def mlp(x, w1, b1, w2, b2):
    """GPT-2 MLP with the exact GELU (Hendrycks & Gimpel, 2016).

    GELU(z) = z Phi(z) = 0.5 z (1 + erf(z / sqrt 2)).
    """
    z = x @ w1
    phi = 0.5 * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (z + 0.044715 * z ** 3)))
    a = z * phi
    return a @ w2 + b2
