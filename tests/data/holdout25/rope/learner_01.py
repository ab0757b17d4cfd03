import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2], x.shape[-1]
    # column m: the positions (row headers)
    m = np.arange(T) if positions is None else np.asarray(positions)
    # row theta: base^(-2i/d) for i = 0 .. d/2 - 1 (column headers)
    theta = base ** (-2.0 * np.arange(d // 2) / d)
    # sheet angle = $A{row} * B$1  (an outer product)
    angle = np.outer(m, theta)
    c, s = np.cos(angle), np.sin(angle)
    x_even, x_odd = x[..., : d // 2], x[..., d // 2 :]
    out = np.empty_like(x)
    out[..., 0::2] = x_even * c - x_odd * s
    out[..., 1::2] = x_even * s + x_odd * c
    return out
