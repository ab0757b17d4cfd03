import numpy as np

NEGATIVE_INFINITY = -np.inf


def get_head_slice(matrix, head_index, head_dimension):
    start_column = head_index * head_dimension
    return matrix[:, :, start_column:start_column + head_dimension]


def get_stable_softmax(score_matrix):
    row_maximum = np.max(score_matrix, axis=-1, keepdims=True)
    row_maximum = np.where(np.isfinite(row_maximum), row_maximum, 0.0)
    exponentials = np.exp(score_matrix - row_maximum)
    row_sums = np.sum(exponentials, axis=-1, keepdims=True)
    return exponentials / np.where(row_sums > 0, row_sums, 1.0)


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    batch_size, sequence_length, model_dimension = x.shape
    head_dimension = model_dimension // n_heads
    query_matrix = x @ w_q
    key_matrix = x @ w_k
    value_matrix = x @ w_v
    concatenated_heads = np.zeros_like(query_matrix)
    for head_index in range(n_heads):
        head_query = get_head_slice(query_matrix, head_index, head_dimension)
        head_key = get_head_slice(key_matrix, head_index, head_dimension)
        head_value = get_head_slice(key_matrix, head_index, head_dimension)
        score_matrix = head_query @ head_key.transpose(0, 2, 1) / np.sqrt(model_dimension)
        if mask is not None:
            score_matrix = np.where(mask, score_matrix, NEGATIVE_INFINITY)
        attention_weights = get_stable_softmax(score_matrix)
        start_column = head_index * head_dimension
        concatenated_heads[:, :, start_column:start_column + head_dimension] = attention_weights @ head_value
    output_matrix = concatenated_heads @ w_o.T
    return output_matrix.astype(x.dtype)
