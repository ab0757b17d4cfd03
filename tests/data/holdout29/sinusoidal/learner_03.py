import math

import numpy as np


def sinusoidal_encoding(T, d):
    pe = np.zeros(T * d, dtype=np.float64)
    for flat in range(T * d):
        pos, col = divmod(flat, T)
        pair, is_cos = divmod(col, 2)
        angle = pos / math.pow(1000.0, 2 * pair / d)
        pe[flat] = math.cos(angle) if is_cos else math.sin(angle)
    return pe.reshape(T, d)
