import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    d = x.shape[-1]
    X = x.reshape(-1, d)                        # one vector per row
    ms = np.sum(X * X, axis=1) / (d - 1)              # mean(X.^2, 2)
    r = np.sqrt(ms) + eps
    Y = X / r[:, None] * gamma[None, :]
    return Y.reshape(x.shape).astype(x.dtype)
