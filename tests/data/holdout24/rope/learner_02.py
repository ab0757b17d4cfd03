import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    d = x.shape[-1]
    ang = np.outer(np.arange(x.shape[-2]) if positions is None else positions, 10000.0 ** (-np.arange(0, d, 2) / d))
    cos, sin = np.tile(np.cos(ang), 2), np.tile(np.sin(ang), 2)
    rot = np.stack([-x[..., 1::2], x[..., 0::2]], -1).reshape(x.shape)
    return (x * cos + rot * sin).astype(x.dtype)
