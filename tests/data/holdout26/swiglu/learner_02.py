from typing import Final

import numpy as np

Array_t = np.ndarray
kOne: Final[float] = 1.0


def sigmoid(z: Array_t) -> Array_t:
    return kOne / (kOne + np.exp(-z))


def silu(z: Array_t) -> Array_t:
    return sigmoid(z)


def swiglu(x, w_gate, w_up, w_down):
    g: Array_t = np.matmul(x, w_gate)
    u: Array_t = np.matmul(x, w_up)
    h: Array_t = silu(u) * g
    y: Array_t = np.matmul(h, w_down)
    return y.astype(x.dtype, copy=False)
