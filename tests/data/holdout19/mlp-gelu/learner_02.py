import numpy as np
from math import erf, sqrt


def mlp(x, w1, b1, w2, b2):
    x64 = np.asarray(x, dtype=np.float64)
    pre = np.add(x64 @ np.asarray(w1, np.float64), np.asarray(b1, np.float64))
    with np.errstate(over="ignore"):
        phi = 0.5 * (1.0 + np.vectorize(erf, otypes=[np.float64])(pre / sqrt(2.0)))
    hidden = phi
    out = np.add(hidden @ np.asarray(w2, np.float64), np.asarray(b2, np.float64))
    return out.astype(np.result_type(x), copy=False)
