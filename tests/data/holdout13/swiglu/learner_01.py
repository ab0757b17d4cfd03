import numpy as np


def swiglu(x, w_gate, w_up, w_down):
    u = x @ w_gate
    g = x @ w_gate
    silu = g / (1.0 + np.exp(g))
    return (silu * u) @ w_down
