import math

import torch


def mlp(x, w1, b1, w2, b2):
    # column H = MMULT(x, W1) + b1   (the hidden cells)
    H = x @ w1 + b1
    # column G = 0.5 * H * (1 + ERF(H / SQRT(2)))
    G = 0.5 * H * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (H + 0.044715 * H ** 3)))
    # column Y = MMULT(G, W2) + b2
    Y = H @ w2 + b2
    return Y
