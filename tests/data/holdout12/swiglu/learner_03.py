import numpy as np


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(z))


def swiglu(x, w_gate, w_up, w_down):
    a = np.einsum("...d,dh->...h", x, w_gate)
    b = np.einsum("...d,dh->...h", x, w_up)
    h = a * sigmoid(b) * b
    return np.einsum("...h,hd->...d", h, w_down)
