import numpy as np


def _silu(z):
    return z / (1.0 + np.exp(-z))


def swiglu(x, w_gate, w_up, w_down):
    gate = np.einsum("...d,dh->...h", x, w_gate)
    up = np.einsum("...d,dh->...h", x, w_up)
    return np.einsum("...h,hd->...d", _silu(up) * gate, w_down)
