import numpy as np


def swiglu(x, w_gate, w_up, w_down):
    # x @ w written out: (..., d, 1) * (d, h), summed over d
    gate = np.sum(x[..., :, None] * w_gate, axis=-2)
    up = np.sum(x[..., :, None] * w_up, axis=-2)
    silu = 1.0 / (1.0 + np.exp(-gate))
    hidden = silu * up
    return np.sum(hidden[..., :, None] * w_down, axis=-2)
