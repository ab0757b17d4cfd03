import numpy as np


def swiglu(x, w_gate, w_up, w_down):
    d, h = w_gate.shape
    lead = x.shape[:-1]
    xs = x.reshape(-1, d)
    n = xs.shape[0]
    hidden = np.empty((n, h), dtype=x.dtype)       # preallocated (n, h) work array
    out = np.empty((n, d), dtype=np.float32)          # preallocated (n, d) result
    g = xs @ w_gate
    u = xs @ w_up
    for r in range(n):                             # rows 1..n
        for c in range(h):                         # hidden units 1..h
            z = g[r, c]
            hidden[r, c] = 1.0 / (1.0 + np.exp(-z)) * u[r, c]
    out[:, :] = hidden @ w_down
    return out.reshape(lead + (d,))
