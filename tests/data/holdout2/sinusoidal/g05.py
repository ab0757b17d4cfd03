import math

import numpy as np


def sinusoidal_encoding(T, d):
    pe = np.empty((T, d), dtype=np.float64)
    for pos in range(T):
        for i in range(d // 2):
            w = pos / 10000 ** (2 * i // d)
            pe[pos, 2 * i] = math.sin(w)
            pe[pos, 2 * i + 1] = math.cos(w)
    return pe
