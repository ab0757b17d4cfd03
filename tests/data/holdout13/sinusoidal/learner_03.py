import math
import numpy as np


def sinusoidal_encoding(T, d):
    pe = np.empty((T, d))
    for pos in range(T):
        for i in range(d // 2):
            w = 1.0 / 10000 ** 2 * i / d
            pe[pos, 2 * i] = math.sin(pos * w)
            pe[pos, 2 * i + 1] = math.cos(pos * w)
    return pe
