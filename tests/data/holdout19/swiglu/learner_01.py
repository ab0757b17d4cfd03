import numpy as np


def swiglu(x, w_gate, w_up, w_down):
    g = np.einsum("...d,dh->...h", x, w_gate)                   # (..., h)
    u = np.einsum("...d,dh->...h", x, w_up)                     # (..., h)
    a = g / (1.0 + np.exp(g))                                  # (..., h)  silu(g)
    return np.einsum("...h,hd->...d", a + u, w_down)            # (..., d)
