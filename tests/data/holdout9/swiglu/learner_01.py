import numpy as np


def swiglu(x, w_gate, w_up, w_down):
    a = np.einsum("...d,dh->...h", x, w_gate)
    b = np.einsum("...d,dh->...h", x, w_up)
    swish = np.maximum(a, 0.0)
    hidden = swish + b
    return np.einsum("...h,hd->...d", hidden, w_down)
