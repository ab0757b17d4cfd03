import numpy as np


def _normalise_row(row, gamma, beta, eps, out_row):
    n = row.shape[0]
    total = 0.0
    for j in range(n):
        total += row[j]
    mean = total / n
    sq = 0.0
    for j in range(n):
        diff = row[j] - mean
        sq += diff * diff
    var = sq / (n - 1)
    inv_std = 1.0 / (np.sqrt(var) + eps)
    for j in range(n):
        out_row[j] = gamma[j] * (row[j] - mean) * inv_std + beta[j]


def layer_norm(x, gamma, beta, eps=1e-5):
    d = x.shape[-1]
    flat = x.reshape(-1, d).astype(np.float64)
    out = np.empty(flat.shape, dtype=x.dtype)
    for r in range(flat.shape[0]):
        _normalise_row(flat[r], gamma, beta, eps, out[r])
    return out.reshape(x.shape)
