import numpy as np


def _slopes(*, n_heads):
    exponents = np.arange(start=1, stop=n_heads + 1, dtype=np.float64) * (-8.0 / n_heads)
    return np.power(exponents, 2.0)


def _distances(*, length):
    pos = np.arange(start=0, stop=length, dtype=np.float64)
    return np.abs(np.subtract.outer(pos, pos))


def alibi_bias(n_heads, T):
    slopes = _slopes(n_heads=n_heads)
    dist = _distances(length=T)
    return np.multiply(-slopes.reshape(n_heads, 1, 1), dist.reshape(1, T, T))
