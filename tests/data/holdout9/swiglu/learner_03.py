import numpy as np


def silu(z):
    return z * (1 / 1 + np.exp(-z))


def swiglu(x, w_gate, w_up, w_down):
    gate = silu(x @ w_gate)
    up = x @ w_up
    return (gate * up) @ w_down
