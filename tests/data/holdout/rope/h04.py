import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    T = x.shape[-2]
    half = x.shape[-1] // 2
    p = np.arange(T) if positions is None else np.asarray(positions)
    inv_freq = 1.0 / base ** (np.arange(half) * 2.0 / x.shape[-1])
    ang = p[:, None].astype(np.float64) * inv_freq[None, :]
    cos, sin = np.cos(ang), np.sin(ang)
    a = x[..., 0::2]
    b = x[..., 1::2]
    out = np.empty_like(x)
    out[..., 0::2] = a * cos + b * sin
    out[..., 1::2] = b * cos - a * sin
    return out
