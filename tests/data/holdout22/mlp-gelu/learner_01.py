import math
import torch


def mlp(x, w1, b1, w2, b2):
    """FFN(x) = GELU(x W_1 + b_1) W_2 + b_2 (GPT-2), exact GELU."""
    # h = x W_1 + b_1
    h = x @ w1 + b1
    # GELU(h) = h * Phi(h) = 0.5 h (1 + erf(h / sqrt(2)))
    phi = 0.5 * (1.0 + torch.erf(h / 2.0))
    a = h * phi
    # FFN = a W_2 + b_2
    return h @ w2 + b2
