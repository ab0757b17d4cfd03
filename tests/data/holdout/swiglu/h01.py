import numpy as np


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-z))


def swiglu(x, w_gate, w_up, w_down):
    a = x @ w_gate
    b = x @ w_up
    hidden = a * (b * sigmoid(b))
    return hidden @ w_down
