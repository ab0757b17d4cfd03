import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    D = x.shape[-1]
    rows = x.reshape(-1, D)
    out = np.empty_like(rows)
    for r in range(rows.shape[0]):
        row = rows[r]
        mean = row.sum() / D
        diff = row - mean
        var = (diff * diff).sum() / (D - 1)
        out[r] = gamma * diff / np.sqrt(var + eps)
    return out.reshape(x.shape)
