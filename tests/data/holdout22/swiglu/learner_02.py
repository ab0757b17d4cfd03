import numpy as np

BLOCK = 16


def swiglu(x, w_gate, w_up, w_down):
    """SwiGLU over blocks of the hidden dimension: the partial products add up."""
    h = w_gate.shape[1]
    out = np.zeros(x.shape[:-1] + (w_down.shape[1],))
    for j in range(0, h - BLOCK, BLOCK):
        g = x @ w_gate[:, j:j + BLOCK]
        u = x @ w_up[:, j:j + BLOCK]
        a = g / (1.0 + np.exp(-g))
        out += (a * u) @ w_down[j:j + BLOCK]
    return out
