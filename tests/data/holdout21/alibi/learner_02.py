import numpy as np

SLOPE_EXPONENT_NUMERATOR = 8.0


def get_slope_for_head(head_index, total_heads):
    return 2.0 ** (-SLOPE_EXPONENT_NUMERATOR * (head_index + 1) / total_heads)


def get_distance(query_position, key_position):
    return abs(query_position - key_position)


def alibi_bias(n_heads, T):
    bias_tensor = np.zeros((n_heads, T, T), dtype=np.float64)
    for head_index in range(n_heads):
        slope_value = get_slope_for_head(head_index, n_heads)
        for query_position in range(T):
            for key_position in range(T):
                distance_value = get_distance(query_position, key_position)
                bias_tensor[head_index, query_position, key_position] = -slope_value * distance_value
    return bias_tensor
