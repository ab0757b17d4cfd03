import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    seq_len, dim = x.shape[-2], x.shape[-1]
    if positions is None:
        positions = np.arange(seq_len)
    i = np.arange(dim // 2)
    theta = base ** (-i / dim)
    angle = np.asarray(positions)[:, None] * theta
    cos, sin = np.cos(angle), np.sin(angle)
    even, odd = x[..., ::2], x[..., 1::2]
    out = np.stack([even * cos - odd * sin, even * sin + odd * cos], axis=-1)
    return out.reshape(x.shape).astype(x.dtype)
