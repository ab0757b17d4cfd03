import numpy as np


def swiglu(x, w_gate, w_up, w_down):
    silu = lambda z: 1 / (1 + np.exp(-z))                     # z x sigmoid z
    return (silu(x @ w_gate) * (x @ w_up)) @ w_down
