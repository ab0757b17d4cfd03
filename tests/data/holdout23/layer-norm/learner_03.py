import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    d = x.shape[-1]
    rows = x.reshape(-1, d)             # view as (n, d): rows 1..n, columns 1..d
    out = np.empty_like(rows)           # preallocated, same dtype as x
    for r in range(rows.shape[0]):
        mean = 0.0
        for j in range(d):
            mean += rows[r, j]
        mean /= d
        var = 0.0
        for j in range(d):
            var += (rows[r, j] - mean) ** 2
        var /= d                        # biased: divide by d
        denom = np.sqrt(var + eps)
        for j in range(d):
            out[r, j] = gamma[j] * (rows[r, j] - mean) / denom + beta[j]
    return out.reshape(x.shape)
