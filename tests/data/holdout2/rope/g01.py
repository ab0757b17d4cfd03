import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2:]
    pos = np.arange(T) if positions is None else np.asarray(positions)
    half = d // 2
    freqs = base ** (-np.arange(half) * 2.0 / d)
    ang = pos[:, None] * freqs[None, :]
    cos = np.concatenate([np.cos(ang)] * 2, axis=-1)
    sin = np.concatenate([np.sin(ang)] * 2, axis=-1)
    x1, x2 = x[..., :half], x[..., half:]
    rotated = np.concatenate([-x2, x1], axis=-1)
    return (x * cos + rotated * sin).astype(x.dtype)
