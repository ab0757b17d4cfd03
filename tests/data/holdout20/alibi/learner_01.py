import numpy as np


def _slopes(n_heads):
    assert n_heads > 0 and (n_heads & (n_heads - 1)) == 0, "n_heads must be a power of two"
    exponents = np.arange(1, n_heads + 1, dtype=np.float64) * (8.0 / n_heads)
    slopes = np.power(2.0, -exponents)
    assert slopes.shape == (n_heads,)
    return slopes


def _positions(T):
    pos = np.arange(T, dtype=np.float64)
    dist = pos[None, :] - pos[:, None]
    assert dist.shape == (T, T)
    return pos, dist


def alibi_bias(n_heads, T):
    slopes = _slopes(n_heads)
    _, dist = _positions(T)
    bias = slopes[:, None, None] * dist[None, :, :]
    assert bias.shape == (n_heads, T, T)
    return bias
