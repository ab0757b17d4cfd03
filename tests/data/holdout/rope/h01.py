import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2], x.shape[-1]
    pos = np.arange(T) if positions is None else np.asarray(positions)
    freqs = base ** (-np.arange(0, d, 2) / d)
    ang = np.outer(pos, freqs)
    cos = np.concatenate([np.cos(ang), np.cos(ang)], axis=-1)
    sin = np.concatenate([np.sin(ang), np.sin(ang)], axis=-1)
    x1, x2 = x[..., : d // 2], x[..., d // 2 :]
    rotated = np.concatenate([-x2, x1], axis=-1)
    return (x * cos + rotated * sin).astype(x.dtype)
