import numpy as np


def sinusoidal_encoding(T, d):
    if not isinstance(T, int) or not isinstance(d, int):
        raise ValueError("T and d must be ints")
    if d <= 0 or d % 2 != 0:
        raise ValueError(f"d must be a positive even int, got {d}")
    if T < 0:
        raise ValueError(f"T must be non-negative, got {T}")
    if T == 0:
        return np.zeros((0, d), dtype=np.float64)
    positions = np.arange(1, T + 1, dtype=np.float64).reshape(T, 1)
    exponents = np.arange(0, d, 2, dtype=np.float64) / d
    angles = positions / np.power(10000.0, exponents)
    encoding = np.zeros((T, d), dtype=np.float64)
    encoding[:, 0::2] = np.sin(angles)
    encoding[:, 1:-1:2] = np.cos(angles)
    return encoding
