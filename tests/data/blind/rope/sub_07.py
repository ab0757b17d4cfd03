import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2:]
    m = np.arange(T) if positions is None else positions
    theta = base ** (-np.arange(d // 2) * 2.0 / d)
    phase = np.outer(m, theta)
    cos = np.cos(phase)
    sin = np.sin(phase)
    a = x[..., 0::2]
    b = x[..., 1::2]
    out = np.zeros_like(x)
    out[..., 0::2] = a * cos + b * sin
    out[..., 1::2] = -a * sin + b * cos
    return out
