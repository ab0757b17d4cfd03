import numpy as np
from functools import reduce


def rms_norm(x, gamma, eps=1e-6):
    d = x.shape[-1]
    sq = reduce(lambda acc, j: acc + x[..., j] * x[..., j], range(d), np.zeros(x.shape[:-1]))
    ms = sq / d
    scale = 1.0 / (ms + eps)
    return x * scale[..., None] * gamma
