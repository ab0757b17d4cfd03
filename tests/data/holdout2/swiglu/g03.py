import numpy as np


def swiglu(x, w_gate, w_up, w_down):
    a = np.matmul(x, w_gate)
    b = np.matmul(x, w_up)
    h = a / (1 + np.exp(a)) * b
    return np.matmul(h, w_down).astype(x.dtype)
