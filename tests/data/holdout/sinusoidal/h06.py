import numpy as np


def sinusoidal_encoding(T, d):
    half = d // 2
    freqs = 1.0 / 10000 ** (np.arange(half) * 2 / d)
    args = np.arange(T)[:, None] * freqs[None]
    return np.concatenate([np.sin(args), np.cos(args)], axis=1)
