import numpy as np


def swiglu(x, w_gate, w_up, w_down):
    g = np.matmul(x, w_gate)
    u = np.matmul(x, w_up)
    h = g * (1.0 / (1.0 + np.exp(-g))) * u
    return np.matmul(h, w_down.T).astype(x.dtype)
