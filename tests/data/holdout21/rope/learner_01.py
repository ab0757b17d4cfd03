import math

import numpy as np

DEFAULT_BASE = 10000.0


def get_rotation_angle(position, pair_index, head_dimension, base):
    return position * base ** (2.0 * pair_index / head_dimension)


def apply_rope(x, positions=None, base=DEFAULT_BASE):
    sequence_length = x.shape[-2]
    head_dimension = x.shape[-1]
    if positions is None:
        positions = np.arange(sequence_length)
    output_array = x.copy()
    for time_index in range(sequence_length):
        for pair_index in range(head_dimension // 2):
            angle = get_rotation_angle(time_index, pair_index, head_dimension, base)
            cosine_value = math.cos(angle)
            sine_value = math.sin(angle)
            even_values = x[..., time_index, 2 * pair_index]
            odd_values = x[..., time_index, 2 * pair_index + 1]
            output_array[..., time_index, 2 * pair_index] = even_values * cosine_value - odd_values * sine_value
            output_array[..., time_index, 2 * pair_index + 1] = even_values * sine_value + odd_values * cosine_value
    return output_array
