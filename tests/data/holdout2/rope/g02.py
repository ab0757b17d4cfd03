import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    T = x.shape[-2]
    d = x.shape[-1]
    pos = np.arange(T)
    inv_freq = 1.0 / (10000.0 ** (np.arange(0, d, 2) / d))
    freqs = np.einsum("t,f->tf", pos, inv_freq)
    cos, sin = np.cos(freqs), np.sin(freqs)
    out = x.copy()
    out[..., 0::2] = x[..., 0::2] * cos - x[..., 1::2] * sin
    out[..., 1::2] = x[..., 0::2] * sin + x[..., 1::2] * cos
    return out
