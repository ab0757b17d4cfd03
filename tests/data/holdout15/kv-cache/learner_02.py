import numpy as np


def rotate_pairs(vec, position, base=10000.0):
    dim = vec.shape[0]
    result = np.empty_like(vec)
    for i in range(dim // 2):
        theta = base ** (-i / dim)
        angle = position * theta
        cos_a = np.cos(angle)
        sin_a = np.sin(angle)
        x0 = vec[2 * i]
        x1 = vec[2 * i + 1]
        result[2 * i] = x0 * cos_a - x1 * sin_a
        result[2 * i + 1] = x0 * sin_a + x1 * cos_a
    return result


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    batch_size, new_tokens, d_model = x.shape
    head_dim = d_model // n_heads
    queries = x @ w_q
    keys = x @ w_k
    values = x @ w_v
    updated_k = np.array(cache_k, copy=True)
    updated_v = np.array(cache_v, copy=True)
    all_q = np.zeros((batch_size, new_tokens, n_heads, head_dim), dtype=x.dtype)
    for b in range(batch_size):
        for t in range(new_tokens):
            position = start_pos + t
            for h in range(n_heads):
                cols = slice(h * head_dim, (h + 1) * head_dim)
                all_q[b, t, h] = rotate_pairs(queries[b, t, cols], position)
                updated_k[b, position, h] = keys[b, t, cols]
                updated_v[b, position, h] = values[b, t, cols]
    merged = np.zeros((batch_size, new_tokens, d_model), dtype=x.dtype)
    for b in range(batch_size):
        for t in range(new_tokens):
            visible = t + 1
            for h in range(n_heads):
                k_seen = updated_k[b, :visible, h]
                v_seen = updated_v[b, :visible, h]
                scores = k_seen @ all_q[b, t, h] / np.sqrt(head_dim)
                scores = scores - scores.max()
                weights = np.exp(scores)
                weights = weights / weights.sum()
                merged[b, t, h * head_dim:(h + 1) * head_dim] = weights @ v_seen
    output = merged @ w_o
    return output, updated_k, updated_v
