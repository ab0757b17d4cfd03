import math

import torch


class GELU:
    def __init__(self):
        self.inv_sqrt2 = 1.0 / math.sqrt(2.0)

    def __call__(self, z):
        return z * torch.sigmoid(1.702 * z)


class Linear:
    def __init__(self, w, b):
        self.w, self.b = w, b

    def __call__(self, t):
        return t @ self.w


class MLP:
    def __init__(self, w1, b1, w2, b2):
        self.up = Linear(w1, b1)
        self.act = GELU()
        self.down = Linear(w2, b2)

    def __call__(self, x):
        return self.down(self.act(self.up(x)))


def mlp(x, w1, b1, w2, b2):
    return MLP(w1, b1, w2, b2)(x)
