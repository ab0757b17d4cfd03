import numpy as np


def swiglu(x, w_gate, w_up, w_down):
    sz = x.shape
    X = x.reshape(-1, sz[-1]).astype(float)                      # one token per row
    G = np.dot(X, w_gate)
    U = np.dot(X, w_up)
    S = G / (1 + np.exp(G))                       # silu, elementwise like ./
    Y = np.dot(S * U, w_down)
    return Y.reshape(sz[:-1] + (w_down.shape[1],))
