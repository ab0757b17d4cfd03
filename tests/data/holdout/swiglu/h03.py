import numpy as np


def silu(t):
    return t / (1 + np.exp(-t))


def swiglu(x, w_gate, w_up, w_down):
    h = silu(x @ w_gate) * (x @ w_up)
    return h @ w_down.T
