import math

import numpy as np


def mlp(x, w1, b1, w2, b2):
    x_work = np.array(x, dtype=np.float64, copy=True)
    hidden = np.empty(x_work.shape[:-1] + (w1.shape[1],), dtype=np.float64)
    np.matmul(x_work, w1.astype(np.float64), out=hidden)
    np.add(hidden, b1, out=hidden)
    erf_part = np.array([math.erf(val / math.sqrt(2.0)) for val in hidden.ravel()]).reshape(hidden.shape)
    act = 0.5 * hidden * (1.0 - erf_part)
    out = np.empty(x_work.shape[:-1] + (w2.shape[1],), dtype=np.float64)
    np.matmul(act, w2.astype(np.float64), out=out)
    np.add(out, b2, out=out)
    return out.copy()
