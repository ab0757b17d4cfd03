import numpy as np


def attention(q, k, v, mask=None):
    d = q.shape[-1]
    s = 1 / np.sqrt(d)
    S = np.matmul(q, np.swapaxes(k, -1, -2)) * s
    if mask is not None:
        S = np.where(mask, S, -np.inf)
    m = np.max(S, axis=-1, keepdims=True)
    m = np.where(np.isneginf(m), 0, m)
    E = np.exp(S - m)
    Z = np.sum(E, axis=-2, keepdims=True)
    P = E / Z
    return np.matmul(P, v)
