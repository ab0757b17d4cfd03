import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    *lead, T, d = x.shape
    flat = x.reshape(-1, T, d // 2, 2)  # (N, T, d/2, pair): leading dims folded into N
    pos = np.arange(T) if positions is None else np.asarray(positions)
    inv_freq = base ** (-np.arange(0, d, 2, dtype=np.float64) / d)
    ang = pos.astype(np.float64)[:, None] * inv_freq[None, :]  # (T, d/2)
    c, s = np.cos(ang), np.sin(ang)
    b, a = flat[..., 0], flat[..., 1]
    rot = np.stack([a * c - b * s, a * s + b * c], axis=-1)
    return rot.reshape(x.shape)
