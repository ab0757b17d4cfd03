import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    T = x.shape[-2]
    d = x.shape[-1]
    if positions is None:
        positions = np.arange(T)
    flat = x.reshape(-1, T, d)
    out = np.zeros_like(flat)
    for n in range(flat.shape[0]):
        for t in range(T):
            m = float(t)
            for i in range(d // 2):
                theta = base ** (-2.0 * i / d)
                c = np.cos(m * theta)
                s = np.sin(m * theta)
                a = flat[n, t, 2 * i]
                b = flat[n, t, 2 * i + 1]
                out[n, t, 2 * i] = a * c + b * s
                out[n, t, 2 * i + 1] = a * s + b * c
    return out.reshape(x.shape)
