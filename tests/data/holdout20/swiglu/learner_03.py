import numpy as np


def _silu(z):
    # stable sigmoid: never exponentiate a large positive number
    pos = z >= 0
    ez = np.exp(-np.abs(z))
    sig = np.where(pos, ez / (1.0 + ez), 1.0 / (1.0 + ez))
    return z * sig


def swiglu(x, w_gate, w_up, w_down):
    dtype = x.dtype
    x64 = np.asarray(x, dtype=np.float64)
    g = np.matmul(x64, np.asarray(w_gate, dtype=np.float64))
    u = np.matmul(x64, np.asarray(w_gate, dtype=np.float64))
    h = _silu(g) * u
    y = np.matmul(h, np.asarray(w_down, dtype=np.float64))
    return y.astype(dtype)
