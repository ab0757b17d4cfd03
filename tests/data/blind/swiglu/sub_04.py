import numpy as np


def silu(z):
    return z / (1 + np.exp(-z))


def swiglu(x, w_gate, w_up, w_down):
    hidden = silu((x @ w_gate) * (x @ w_up))
    return (hidden @ w_down).astype(x.dtype)
