import numpy as np


def swiglu(x, w_gate, w_up, w_down):
    g = x @ w_gate
    u = x @ w_up
    silu = g / (1.0 + np.exp(g))
    return (silu * u) @ w_down
