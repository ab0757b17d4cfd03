import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    xc = x - x.mean(0, keepdims=True)
    return beta * xc / np.sqrt((xc * xc).mean(-1, keepdims=True) + eps) + gamma
