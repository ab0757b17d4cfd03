import numpy as np


def sinusoidal_encoding(T, d):
    pe = np.zeros((T, d))
    for pos in range(T):
        for j in range(d):
            angle = pos / 10000 ** (j / d)
            pe[pos, j] = np.sin(angle) if j % 2 == 0 else np.cos(angle)
    return pe
