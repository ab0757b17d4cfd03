import numpy as np


def swiglu(x, w_gate, w_up, w_down):
    silu = lambda z: 1.0 / (1.0 + np.exp(-z))
    gate, up = (x @ w for w in (w_gate, w_up))
    hidden = silu(up) * gate
    return hidden @ w_down
