from typing import Final, Optional

import numpy as np

Array_t = np.ndarray
kPairStride: Final[int] = 2


def inv_frequencies(d: int, base: float) -> Array_t:
    i: Array_t = np.arange(0, d, kPairStride, dtype=np.float64)
    return np.power(base, -i / d)


def position_vector(T: int, positions: Optional[Array_t]) -> Array_t:
    if positions is None:
        return np.arange(1, T + 1, dtype=np.float64)
    return np.asarray(positions, dtype=np.float64)


def apply_rope(x, positions=None, base=10000.0):
    T: int = x.shape[-2]
    d: int = x.shape[-1]
    theta: Array_t = np.outer(position_vector(T, positions), inv_frequencies(d, base))
    c: Array_t = np.cos(theta)
    s: Array_t = np.sin(theta)
    a: Array_t = x[..., 0::2]
    b: Array_t = x[..., 1::2]
    out: Array_t = np.empty_like(x)
    out[..., 0::2] = a * c - b * s
    out[..., 1::2] = a * s + b * c
    return out
