import numpy as np
from typing import NamedTuple


class BiasShape(NamedTuple):
    heads: int
    rows: int
    cols: int


def alibi_bias(n_heads, T):
    assert isinstance(n_heads, int) and n_heads > 0, "n_heads must be a positive int"
    assert n_heads & (n_heads - 1) == 0, "n_heads must be a power of two"
    assert isinstance(T, int) and T >= 1, "T must be a positive int"
    shape = BiasShape(n_heads, T, T)
    exponent = -8.0 * np.arange(1, n_heads + 1, dtype=np.float64) / n_heads
    slopes = np.exp(exponent)
    pos = np.arange(T, dtype=np.float64)
    dist = (np.broadcast_to(pos[:, None], (T, T)) - np.broadcast_to(pos[None, :], (T, T)))
    bias = -np.broadcast_to(slopes[:, None, None], shape) * np.broadcast_to(dist[None], shape)
    assert bias.shape == shape
    return bias
