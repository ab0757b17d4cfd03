import numpy as np


def swiglu(x, w_gate, w_up, w_down):
    a = x @ w_gate
    b = x @ w_up
    a = a / (1 + np.exp(a))
    return (a + b) @ w_down
