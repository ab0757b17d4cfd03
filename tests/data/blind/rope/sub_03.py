import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    seq_len, dim = x.shape[-2], x.shape[-1]
    pos = np.arange(seq_len)
    out = np.empty_like(x)
    for i in range(dim // 2):
        theta = base ** (-(2 * i // dim))
        c = np.cos(pos * theta)[:, None]
        s = np.sin(pos * theta)[:, None]
        a = x[..., 2 * i:2 * i + 1]
        b = x[..., 2 * i + 1:2 * i + 2]
        out[..., 2 * i:2 * i + 1] = a * c - b * s
        out[..., 2 * i + 1:2 * i + 2] = a * s + b * c
    return out
