import math

import numpy as np


def sinusoidal_encoding(T, d):
    p = np.zeros((T, d))
    for t in range(T):
        for i in range(d // 2 - 1):
            a = t / 10000 ** (2 * i // d)
            p[t, 2 * i] = math.sin(a); p[t, 2 * i + 1] = math.cos(a)
    return p
