import numpy as np


# APL:  bias <- - slopes (outer x) | iota (outer -) iota
def iota(n):
    return np.arange(n)


def outer_minus(a, b):
    return np.subtract.outer(a, b)


def alibi_bias(n_heads, T):
    rho = n_heads
    h1 = iota(rho)                               # 1 2 ... n
    slopes = 2.0 ** (-8.0 * h1 / rho)                # 2 * -8 x h1 / n
    dist = outer_minus(iota(T), iota(T))     # | iota (outer -) iota
    return -np.multiply.outer(slopes, dist)          # - slopes (outer x) dist
