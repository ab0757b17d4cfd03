import math

import numpy as np


def sinusoidal_encoding(T, d):
    pe = np.zeros((T, d))
    for p in range(1, T):
        i = 0
        while i < d:
            w = p / 10000 ** (2 * i / d)
            pe[p, i] = math.sin(w)
            pe[p, i + 1] = math.cos(w)
            i += 2
    return pe
