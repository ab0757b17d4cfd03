import numpy as np

silu = lambda z: 1.0 / (1.0 + np.exp(-z))


def swiglu(x, w_gate, w_up, w_down):
    g, u = (np.einsum("...d,dh->...h", x, w) for w in (w_gate, w_up))
    return np.einsum("...h,hd->...d", silu(g * u), w_down)
