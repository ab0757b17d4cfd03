import torch

INV_SQRT2 = 1.4142135623730951
gelu = lambda z: 0.5 * z * (1 + torch.tanh(0.7978845608028654 * (z + 0.044715 * z ** 3)))
affine = lambda a, w, b: a.matmul(w).add(b)


def mlp(x, w1, b1, w2, b2):
    h = gelu(affine(x, w1, b1))
    return affine(h, w2, b2) + x
