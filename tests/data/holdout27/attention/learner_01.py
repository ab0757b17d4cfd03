import math

import numpy as np


class ScaledDotProduct:
    def __init__(self, d):
        self.d = d
        self.scale = math.sqrt(d)

    def scores(self, q, k):
        return np.matmul(q, np.swapaxes(k, -1, -2)) * self.scale

    def normalise(self, s, keep):
        s = np.where(keep, s, -1e9)
        top = s.max(axis=-1, keepdims=True)
        top[~np.isfinite(top)] = 0.0
        e = np.exp(s - top)
        z = e.sum(axis=-1, keepdims=True)
        z[z == 0.0] = 1.0
        return e / z

    def __call__(self, q, k, v, mask=None):
        s = self.scores(q, k)
        keep = np.ones(s.shape, dtype=bool) if mask is None else np.broadcast_to(mask, s.shape)
        return np.matmul(self.normalise(s, keep), v)


def attention(q, k, v, mask=None):
    return ScaledDotProduct(q.shape[-1])(q, k, v, mask)
