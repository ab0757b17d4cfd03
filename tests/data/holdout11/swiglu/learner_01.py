import numpy as np


def silu(z):
    return z / (1.0 + np.exp(z))


def swiglu(x, w_gate, w_up, w_down):
    g = x @ w_gate
    u = x @ w_gate
    return (silu(g) * u) @ w_down
