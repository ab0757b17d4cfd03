import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2], x.shape[-1]
    pos = np.arange(T) if positions is None else np.asarray(positions)
    freqs = base ** (-np.arange(0, d, 2) / d)
    angle = pos[:, None] * freqs[None, :]
    cos, sin = np.cos(angle), np.sin(angle)
    a, b = x[..., 0::2], x[..., 1::2]
    out = np.empty_like(x)
    out[..., 0::2] = a * cos + b * sin
    out[..., 1::2] = b * cos - a * sin
    return out
