import numpy as np


def _silu(*, z):
    return np.divide(z, np.add(1.0, np.exp(z)))


def swiglu(x, w_gate, w_up, w_down):
    gate = np.matmul(x, w_gate)
    up = np.matmul(x, w_up)
    hidden = np.multiply(_silu(z=gate), up)
    out = np.matmul(hidden, w_down)
    return np.asarray(out, dtype=np.float64)
