import math
import torch


class Affine:
    def __init__(self, weight, bias):
        self.weight = weight
        self.bias = bias

    def __call__(self, x):
        return torch.matmul(x, self.weight) + self.bias


class ExactGelu:
    inv_sqrt2 = 1.0 / math.sqrt(2.0)

    def __call__(self, z):
        return z * (1.0 + torch.erf(z * self.inv_sqrt2))


class GPT2MLP:
    def __init__(self, w1, b1, w2, b2):
        self.c_fc = Affine(w1, b1)
        self.act = ExactGelu()
        self.c_proj = Affine(w2, b2)

    def forward(self, x):
        return self.act(self.c_proj(self.c_fc(x)))


def mlp(x, w1, b1, w2, b2):
    return GPT2MLP(w1, b1, w2, b2).forward(x)
