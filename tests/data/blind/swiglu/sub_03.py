import numpy as np


def swiglu(x, w_gate, w_up, w_down):
    up = x @ w_up
    gate = x @ w_gate
    act = 1 / (1 + np.exp(-up))
    return ((act * gate) @ w_down).astype(x.dtype)
