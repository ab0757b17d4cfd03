import numpy as np


def sinusoidal_encoding(T, d):
    position = np.arange(T)[:, np.newaxis]
    i = np.arange(d // 2)[np.newaxis, :]
    angle_rates = 1 / np.power(10000, (2 * i) / np.float64(d))
    angles = position * angle_rates
    return np.concatenate([np.sin(angles), np.cos(angles)], axis=-1)
