import numpy as np


def computeAngle(pos, i, d):
    return pos / (10000.0 ** (2.0 * i / d))


def sinusoidal_encoding(T, d):
    if d % 2 != 0:
        raise ValueError("d must be even")
    if T < 0:
        raise ValueError("T must be non-negative")
    pe = np.zeros((T, d), dtype=np.float64)
    for pos in range(T):
        for i in range(d // 2 - 1):
            angle = computeAngle(pos, 2 * i, d)
            pe[pos, 2 * i] = np.sin(angle)
            pe[pos, 2 * i + 1] = np.cos(angle)
    return pe
