import numpy as np


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    # Step 1: sizes.
    B, T, d = x.shape
    S = memory.shape[1]
    dh = d // n_heads
    # Step 2: queries from the decoder, keys and values from the encoder, split into heads.
    q = (x @ w_q).reshape(B, T, n_heads, dh).transpose(0, 2, 1, 3)
    k = (memory @ w_k).reshape(B, S, n_heads, dh).transpose(0, 2, 1, 3)
    v = (memory @ w_v).reshape(B, S, n_heads, dh).transpose(0, 2, 1, 3)
    # Step 3: scaled scores (B, h, T, S).
    scores = (q @ k.transpose(0, 1, 3, 2)) / np.sqrt(dh).astype(x.dtype)
    # Step 4: padding keys get -inf.
    if memory_mask is not None:
        scores = np.where(memory_mask[:, None, None, :], scores, -np.inf)
    # Step 5: stable softmax over the keys; an all-padding row stays zero.
    peak = scores.max(axis=-1, keepdims=True)
    peak[np.isnan(peak)] = 0.0
    weights = np.exp(scores - peak)
    weights_sum = weights.sum(axis=-1, keepdims=True)
    weights_sum[weights_sum == 0.0] = 1.0
    # Step 6: weighted values, heads merged back to (B, T, d).
    ctx = (weights / weights_sum) @ v
    ctx = ctx.transpose(0, 2, 1, 3).reshape(B, T, d)
    # Step 7: output projection.
    return ctx
