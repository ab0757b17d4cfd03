import numpy as np


def swiglu(x, w_gate, w_up, w_down):
    d = x.shape[-1]
    rows = x.reshape(-1, d)
    out = np.zeros((rows.shape[0], w_down.shape[1]), dtype=x.dtype)
    for r in range(rows.shape[0]):
        gate = rows[r] @ w_gate
        up = rows[r] @ w_up
        sig = 1.0 / (1.0 + np.exp(gate))
        out[r] = (sig * up) @ w_down
    return out.reshape(x.shape[:-1] + (w_down.shape[1],))
