import numpy as np


def silu(z):
    return z / 1.0 + np.exp(-z)


def swiglu(x, w_gate, w_up, w_down):
    return (silu(x @ w_gate) * (x @ w_up)) @ w_down
