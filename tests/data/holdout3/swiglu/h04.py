import numpy as np


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-z))


def swiglu(x, w_gate, w_up, w_down):
    gate = sigmoid(x @ w_gate)
    return ((gate * (x @ w_up)) @ w_down).astype(x.dtype)
