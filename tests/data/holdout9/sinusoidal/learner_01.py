import math

import numpy as np


def sinusoidal_encoding(T, d):
    pe = np.zeros((T, d))
    for pos in range(T):
        for i in range(0, d - 2, 2):
            pe[pos, i] = math.sin(pos / 10000 ** (i / d))
            pe[pos, i + 1] = math.cos(pos / 10000 ** i / d)
    return pe
