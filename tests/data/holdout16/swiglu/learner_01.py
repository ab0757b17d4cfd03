import numpy as np


def _log_sigmoid(z):
    return -np.logaddexp(0.0, z)


def swiglu(x, w_gate, w_up, w_down):
    a = np.tensordot(x, w_gate, axes=1)
    b = np.tensordot(x, w_up, axes=1)
    h = a * np.exp(_log_sigmoid(a)) * b
    return np.tensordot(h, w_down, axes=1)
