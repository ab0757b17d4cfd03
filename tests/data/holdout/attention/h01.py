import math

import numpy as np


def softmax_masked(s, m):
    e = np.exp(s) * m
    den = e.sum(axis=-1, keepdims=True)
    return e / np.where(den == 0, 1, den)


def attention(q, k, v, mask=None):
    d_k = q.shape[-1]
    s = np.matmul(q, np.swapaxes(k, -1, -2)) / math.sqrt(d_k)
    if mask is None:
        m = np.ones(s.shape, dtype=bool)
    else:
        m = np.broadcast_to(mask, s.shape)
    p = softmax_masked(s, m)
    return np.matmul(p, v)
