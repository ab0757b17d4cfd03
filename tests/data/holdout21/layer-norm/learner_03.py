import numpy as np

DEFAULT_EPSILON = 1e-5


def get_row_mean(row_values):
    return np.sum(row_values) / row_values.shape[0]


def get_row_variance(row_values, row_mean):
    return np.sum((row_values - row_mean) ** 2) / row_values.shape[0]


def layer_norm(x, gamma, beta, eps=DEFAULT_EPSILON):
    feature_dimension = x.shape[-1]
    flat_input = x.reshape(-1, feature_dimension)
    normalised_output = flat_input
    for row_index in range(flat_input.shape[0]):
        row_values = flat_input[row_index]
        row_mean = get_row_mean(row_values)
        row_variance = get_row_variance(row_values, row_mean)
        normalised_output[row_index] = (row_values - row_mean) / np.sqrt(row_variance + eps)
    scaled_output = normalised_output * beta + gamma
    return scaled_output.reshape(x.shape).astype(x.dtype)
