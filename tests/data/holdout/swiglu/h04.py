import numpy as np


def swiglu(x, w_gate, w_up, w_down):
    g = np.matmul(x, w_gate)
    u = np.matmul(x, w_up)
    silu_g = g / (1.0 + np.exp(g))
    return np.matmul(silu_g * u, w_down)
