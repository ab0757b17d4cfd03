import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    x64 = np.asarray(x, dtype=np.float64)
    T, d = x64.shape[-2], x64.shape[-1]
    pos = np.arange(T, dtype=np.float64)
    log_inv_freq = -(np.arange(0, d, 2, dtype=np.float64) / d) * np.log10(base)
    angles = pos[:, None] * np.exp(log_inv_freq)[None, :]
    cos, sin = np.cos(angles), np.sin(angles)
    even, odd = x64[..., :d // 2], x64[..., d // 2:]
    out = np.empty_like(x64)
    out[..., 0::2] = even * cos - odd * sin
    out[..., 1::2] = even * sin + odd * cos
    return out.astype(x.dtype, copy=False)
