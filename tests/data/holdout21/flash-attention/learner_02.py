import numpy as np

NEGATIVE_INFINITY = -np.inf


def get_block_end(block_start, block_size, total_length):
    return min(block_start + block_size - 1, total_length)


def flash_attention(q, k, v, causal=False, block_size=64):
    query_length = q.shape[-2]
    key_length = k.shape[-2]
    head_dimension = q.shape[-1]
    scale_factor = 1.0 / np.sqrt(head_dimension)
    output_shape = q.shape[:-1] + (v.shape[-1],)
    running_max = np.full(q.shape[:-1] + (1,), NEGATIVE_INFINITY)
    running_sum = np.zeros(q.shape[:-1] + (1,))
    accumulator = np.zeros(output_shape)
    query_positions = np.arange(query_length)[:, None]
    for block_start in range(0, key_length, block_size):
        block_end = get_block_end(block_start, block_size, key_length)
        key_block = k[..., block_start:block_end, :]
        value_block = v[..., block_start:block_end, :]
        score_block = (q @ np.swapaxes(key_block, -1, -2)) * scale_factor
        if causal:
            key_positions = np.arange(block_start, block_end)[None, :]
            visible = key_positions <= query_positions
            score_block = np.where(visible, score_block, NEGATIVE_INFINITY)
        block_max = np.max(score_block, axis=-1, keepdims=True)
        new_max = np.maximum(running_max, block_max)
        safe_max = np.where(np.isneginf(new_max), 0.0, new_max)
        correction = np.exp(running_max - safe_max)
        probabilities = np.exp(score_block - safe_max)
        running_sum = running_sum + np.sum(probabilities, axis=-1, keepdims=True)
        accumulator = accumulator * correction + probabilities @ value_block
        running_max = new_max
    safe_sum = np.where(running_sum == 0.0, 1.0, running_sum)
    return (accumulator / safe_sum).astype(q.dtype)
