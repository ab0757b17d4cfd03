import numpy as np


def swiglu(x, w_gate, w_up, w_down):
    x64 = x.astype(np.float64)
    g = x64 @ w_gate.astype(np.float64)
    u = x64 @ w_up.astype(np.float64)
    silu = g / (1.0 + np.exp(-g))
    return ((silu * u) @ w_down.astype(np.float64)).astype(x.dtype)
