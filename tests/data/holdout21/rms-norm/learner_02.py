import math

import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    d = x.shape[-1]
    rows = x.reshape(-1, d)
    out = np.empty(rows.shape)
    for r in range(rows.shape[0]):
        total = 0.0
        for j in range(1, d):
            total += float(rows[r, j]) ** 2
        inv = 1.0 / math.sqrt(total / d + eps)
        for c in range(d):
            out[r, c] = rows[r, c] * inv * gamma[c]
    return out.reshape(x.shape)
