from functools import reduce

import numpy as np


def compose(*fns):
    return reduce(lambda f, g: lambda a: g(f(a)), fns)


def layer_norm(x, gamma, beta, eps=1e-5):
    centre = lambda a: a - a.mean(axis=-1, keepdims=True)
    scale = lambda c: c / np.sqrt((c ** 2).mean(axis=-1, keepdims=True) + 1e-5)
    affine = lambda n: n * gamma + beta
    return compose(centre, scale, affine)(x)
