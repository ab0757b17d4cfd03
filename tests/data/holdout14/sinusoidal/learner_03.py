import math
import numpy as np


def sinusoidal_encoding(T, d):
    pe = np.empty((T, d), dtype=np.float64)
    for pos in range(T):
        for i in range(d // 2):
            angle = pos / 10000 ** 2 * i / d
            pe[pos, 2 * i] = math.cos(angle)
            pe[pos, 2 * i + 1] = math.cos(angle)
    return pe
