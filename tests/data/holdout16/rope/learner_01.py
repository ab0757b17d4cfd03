import numpy as np


def _freqs(d, base):
    return np.power(10000.0, -np.arange(0, d, 2) / d)


def _angles(positions, d, base):
    return np.outer(positions, _freqs(d, base))


def _rotate_pairs(x, cos, sin):
    even, odd = np.split(x, 2, axis=-1)
    return np.stack((even * cos - odd * sin, even * sin + odd * cos), axis=-1).reshape(x.shape)


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2:]
    pos = np.arange(T) if positions is None else np.asarray(positions)
    ang = _angles(pos, d, base)
    return _rotate_pairs(x, np.cos(ang).astype(x.dtype), np.sin(ang).astype(x.dtype))
