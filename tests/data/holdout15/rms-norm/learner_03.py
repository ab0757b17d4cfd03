import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    original_dtype = x.dtype
    values = x.astype(np.float64).copy()
    squared_values = values * values
    mean_of_squares = np.mean(squared_values, axis=-1, keepdims=True)
    root_mean_square = np.sqrt(mean_of_squares) + eps
    normalised = values / root_mean_square
    scaled = normalised * gamma.astype(np.float64)
    result = scaled
    return result
