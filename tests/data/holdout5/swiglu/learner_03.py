import numpy as np


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(z))


def swiglu(x, w_gate, w_up, w_down):
    gate = x @ w_gate
    up = x @ w_up
    act = gate * sigmoid(gate)
    return (act * up) @ w_down
