import math
import numpy as np


def sinusoidal_encoding(T, d):
    PE = np.zeros((T, d))
    for pos in range(T):
        for i in range(0, d, 2):
            PE[pos, i] = math.sin(pos / (10000 ** (i / d)))
            PE[pos, i + 1] = math.cos(pos / (10000 ** ((i + 1) / d)))
    return PE
