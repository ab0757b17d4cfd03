import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    *lead, T, d = x.shape
    if positions is None:
        positions = np.arange(T)
    half = d // 2
    freq = np.power(base, -2 * np.arange(half) // d)
    angle = np.outer(freq, positions)
    c = np.cos(angle).astype(x.dtype)
    s = np.sin(angle).astype(x.dtype)
    pairs = x.reshape(*lead, T, half, 2)
    a, b = pairs[..., 0], pairs[..., 1]
    rotated = np.stack([a * c - b * s, a * s + b * c], axis=-1)
    return rotated.reshape(x.shape)
