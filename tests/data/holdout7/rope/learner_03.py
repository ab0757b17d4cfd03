import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    *_, T, d = x.shape
    pos = np.arange(T) if positions is None else np.asarray(positions)
    inv_freq = 1.0 / base ** (np.arange(0, d, 2) / d)
    phase = pos[:, None] * inv_freq[None, :]
    c = np.cos(phase)
    s = np.sin(phase)

    out = x
    x1 = x[..., ::2]
    x2 = x[..., 1::2]
    out[..., ::2] = x1 * c + x2 * s
    out[..., 1::2] = x1 * s + x2 * c
    return out
