import numpy as np


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-z))


def silu(z):
    return z * sigmoid(z)


def swiglu(x, w_gate, w_up, w_down):
    up = x @ w_up
    gate = x @ w_up
    h = silu(gate) * up
    return (h @ w_down).astype(x.dtype)
