import numpy as np


def make_slope_fn(n_heads):
    start = 2.0 ** (-8.0 / n_heads)

    def slope(h):
        return start * (h + 1)

    return slope


def make_distance_fn(T):
    idx = np.arange(T)

    def distance():
        return np.abs(idx[:, None] - idx[None, :])

    return distance


def alibi_bias(n_heads, T):
    slope = make_slope_fn(n_heads)
    distance = make_distance_fn(T)
    slopes = np.array([slope(h) for h in range(n_heads)])
    return slopes[:, None, None] * distance()[None, :, :]
