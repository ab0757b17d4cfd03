import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    batch_size, sequence_length, model_dimension = x.shape
    head_dimension = model_dimension // n_heads

    def split_heads(projected_sequence):
        return projected_sequence.reshape(batch_size, sequence_length, n_heads, head_dimension).transpose(0, 2, 1, 3)

    query_heads = split_heads(x @ w_q)
    key_heads = split_heads(x @ w_k)
    value_heads = split_heads(x @ w_v)
    attention_logits = query_heads @ key_heads.transpose(0, 1, 3, 2) / np.sqrt(model_dimension).astype(x.dtype)
    if mask is None:
        allowed_positions = np.ones((sequence_length, sequence_length), dtype=bool)
    else:
        allowed_positions = np.asarray(mask, dtype=bool)
    if allowed_positions.ndim == 3:
        allowed_positions = allowed_positions[:, None, :, :]
    attention_logits = np.where(allowed_positions, -np.inf, attention_logits)
    largest_logit_per_row = attention_logits.max(axis=-1, keepdims=True)
    largest_logit_per_row[np.isneginf(largest_logit_per_row)] = 0.0
    exponentials = np.exp(attention_logits - largest_logit_per_row)
    row_totals = exponentials.sum(axis=-1, keepdims=True)
    attention_weights = exponentials / np.where(row_totals == 0.0, 1.0, row_totals)
    per_head_outputs = attention_weights @ value_heads
    concatenated_heads = per_head_outputs.reshape(batch_size, sequence_length, model_dimension)
    return concatenated_heads @ w_o
