import numpy as np


def swiglu(x, w_gate, w_up, w_down):
    g, u = x @ w_up, x @ w_gate
    return (1 / (1 + np.exp(-g)) * u) @ w_down
