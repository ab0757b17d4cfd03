import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2], x.shape[-1]
    if positions is None:
        m = np.arange(T).reshape(T, 1)  # column vector of positions
    else:
        m = np.reshape(np.asarray(positions), (T, 1))
    # MATLAB i = 1:d/2, theta(i) = base^(-2(i-1)/d); 0-based here: i = 0..d/2-1
    i = np.arange(d // 2).reshape(1, d // 2)  # row vector
    theta = np.power(base, -2.0 * (i + 1) / d)
    ang = np.dot(m.astype(np.float64), theta)  # (T, d/2) outer product
    c = np.cos(ang).astype(x.dtype)
    s = np.sin(ang).astype(x.dtype)
    x_even = x[..., 0::2]
    x_odd = x[..., 1::2]
    out = np.empty_like(x)
    out[..., 0::2] = x_even * c + x_odd * s
    out[..., 1::2] = x_even * s + x_odd * c
    return out
