import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2], x.shape[-1]
    if positions is None:
        positions = np.arange(T)
    theta = base ** (-np.arange(0, d, 2, dtype=np.float64) / d)
    angles = np.asarray(positions, dtype=np.float64)[:, None] * theta[None, :]
    z = x[..., 0::2].astype(np.float64) + 1j * x[..., 1::2].astype(np.float64)
    z = z * np.exp(1j * angles)
    out = np.empty(x.shape, dtype=x.dtype)
    out[..., 0::2] = z.real
    out[..., 1::2] = z.imag
    return out
