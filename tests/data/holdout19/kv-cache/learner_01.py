import numpy as np


def rope_interleaved(t, positions, base=10000.0):
    """Rotate pairs (2i, 2i+1) of the last dim of t (B, T, H, d_head) by position * base^(-2i/d_head)."""
    d_head = t.shape[-1]
    inv_freq = base ** (-np.arange(0, d_head, 2, dtype=np.float64) / d_head)      # (d_head/2,)
    angles = positions.astype(np.float64)[:, None] * inv_freq[None, :]            # (T, d_head/2)
    cos = np.cos(angles)[None, :, None, :]
    sin = np.sin(angles)[None, :, None, :]
    even, odd = t[..., 0::2], t[..., 1::2]
    rotated = np.empty(t.shape, dtype=np.float64)
    rotated[..., 0::2] = even * cos - odd * sin
    rotated[..., 1::2] = even * sin + odd * cos
    return rotated


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    """One attention layer over the new tokens x (B, T, d), reading and extending the KV cache."""
    batch, t_new, d_model = x.shape
    d_head = d_model // n_heads
    end_pos = start_pos + t_new
    # step 1: project and split into heads (B, T, H, d_head)
    queries = (x @ w_q).reshape(batch, t_new, n_heads, d_head)
    keys = (x @ w_k).reshape(batch, t_new, n_heads, d_head)
    values = (x @ w_v).reshape(batch, t_new, n_heads, d_head)
    # step 2: RoPE at absolute positions start_pos .. end_pos - 1
    positions = np.arange(t_new)
    queries = rope_interleaved(queries, positions)
    keys = rope_interleaved(keys, positions)
    # step 3: write the new keys and values into copies of the caches
    new_cache_k = cache_k
    new_cache_v = cache_v.copy()
    new_cache_k[:, start_pos:end_pos] = keys
    new_cache_v[:, start_pos:end_pos] = values
    all_keys = new_cache_k[:, :end_pos].astype(np.float64)                          # (B, Tk, H, d_head)
    all_values = new_cache_v[:, :end_pos].astype(np.float64)
    # step 4: scores per head, query start_pos + i sees keys <= start_pos + i
    scores = np.einsum("bqhd,bkhd->bhqk", queries, all_keys) / np.sqrt(d_head)
    key_pos = np.arange(end_pos)[None, :]
    query_pos = positions[:, None]
    scores = np.where(key_pos <= query_pos, scores, -np.inf)
    scores = scores - scores.max(axis=-1, keepdims=True)
    attention_weights = np.exp(scores)
    attention_weights = attention_weights / attention_weights.sum(axis=-1, keepdims=True)
    context = np.einsum("bhqk,bkhd->bqhd", attention_weights, all_values).reshape(batch, t_new, d_model)
    # step 5: merge heads and project
    out = context @ w_o
    return out.astype(x.dtype), new_cache_k, new_cache_v
