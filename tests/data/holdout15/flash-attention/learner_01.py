import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    input_dtype = q.dtype
    query_length = q.shape[-2]
    key_length = k.shape[-2]
    head_dim = q.shape[-1]
    value_dim = v.shape[-1]
    scale_factor = 1.0 / np.sqrt(head_dim)
    batch_shape = q.shape[:-2]

    running_max = np.full(batch_shape + (query_length, 1), -np.inf, dtype=np.float64)
    running_sum = np.zeros(batch_shape + (query_length, 1), dtype=np.float64)
    running_output = np.zeros(batch_shape + (query_length, value_dim), dtype=np.float64)

    query_positions = np.arange(query_length)[:, None]
    offset = key_length - query_length
    queries = q.astype(np.float64)

    for block_start in range(0, key_length, block_size):
        block_end = min(block_start + block_size, key_length)
        key_block = k[..., block_start:block_end, :].astype(np.float64)
        value_block = v[..., block_start:block_end, :].astype(np.float64)
        block_scores = np.matmul(queries, np.swapaxes(key_block, -1, -2)) * scale_factor
        if causal:
            key_positions = np.arange(block_start, block_end)[None, :]
            allowed = key_positions <= query_positions
            block_scores = np.where(allowed, block_scores, -np.inf)
        block_max = block_scores.max(axis=-1, keepdims=True)
        new_max = np.maximum(running_max, block_max)
        safe_new_max = np.where(np.isinf(new_max), 0.0, new_max)
        correction = np.exp(running_max - safe_new_max)
        block_exp = np.exp(block_scores - safe_new_max)
        running_sum = running_sum * correction + block_exp.sum(axis=-1, keepdims=True)
        running_output = running_output * correction + np.matmul(block_exp, value_block)
        running_max = new_max

    safe_sum = np.where(running_sum == 0.0, 1.0, running_sum)
    final_output = running_output / safe_sum
    return final_output.astype(input_dtype)
