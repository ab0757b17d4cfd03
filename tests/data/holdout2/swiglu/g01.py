import numpy as np


def silu(z):
    return z / (1.0 + np.exp(-z))


def swiglu(x, w_gate, w_up, w_down):
    gate = x @ w_gate
    up = x @ w_up
    return ((gate * silu(up)) @ w_down).astype(x.dtype)
