import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    batch_size, number_of_query_heads, query_length, head_dimension = q.shape
    number_of_key_value_heads = k.shape[1]
    key_length = k.shape[2]
    queries_per_key_value_head = number_of_query_heads // number_of_key_value_heads
    expanded_keys = np.repeat(k, queries_per_key_value_head, axis=1)
    expanded_values = np.tile(v, (1, queries_per_key_value_head, 1, 1))
    attention_scores = np.matmul(q, np.swapaxes(expanded_keys, -1, -2)) / np.sqrt(head_dimension).astype(q.dtype)
    if causal:
        query_positions = np.arange(query_length)[:, None]
        key_positions = np.arange(key_length)[None, :]
        visible_keys = key_positions < query_positions + (key_length - query_length)
        attention_scores = np.where(visible_keys, attention_scores, -np.inf)
    row_maximum = np.max(attention_scores, axis=-1, keepdims=True)
    row_maximum = np.where(np.isfinite(row_maximum), row_maximum, 0.0)
    exponentiated_scores = np.exp(attention_scores - row_maximum)
    normalising_sum = np.sum(exponentiated_scores, axis=-1, keepdims=True)
    attention_probabilities = exponentiated_scores / np.where(normalising_sum > 0.0, normalising_sum, 1.0)
    return np.matmul(attention_probabilities, expanded_values)
