import numpy as np


def swiglu(x, w_gate, w_up, w_down):
    gate = x @ w_gate
    up = x @ w_up
    silu = gate * gate / (1.0 + np.exp(-gate))  # z * sigmoid(z)
    return (silu * up) @ w_down
