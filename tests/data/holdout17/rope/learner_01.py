import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    d = x.shape[-1]
    pos = np.arange(x.shape[-2]) if positions is None else np.asarray(positions)
    freqs = np.power(10000.0, -np.arange(d // 2) * 2.0 / d)
    theta = np.einsum("t,f->tf", pos.astype(np.float64), freqs)
    pairs = x.reshape(x.shape[:-1] + (d // 2, 2))
    x1, x2 = pairs[..., 0], pairs[..., 1]
    cos, sin = np.cos(theta), np.sin(theta)
    rotated = np.stack([x1 * cos - x2 * sin, x1 * sin + x2 * cos], axis=-1)
    return rotated.reshape(x.shape)
