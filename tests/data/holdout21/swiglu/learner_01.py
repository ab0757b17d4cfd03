import numpy as np


def swiglu(x, w_gate, w_up, w_down):
    gu = x[..., np.newaxis, np.newaxis, :] @ np.stack([w_gate, w_up])   # (..., 2, 1, h) in one product
    g, u = gu[..., 0, 0, :], gu[..., 1, 0, :]
    return (g / (1 + np.exp(-g)) * u) @ w_down
