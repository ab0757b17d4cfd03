import math

import numpy as np


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    batch, tgt_len, d_model = x.shape
    src_len = memory.shape[1]
    d_head = d_model // n_heads
    # queries come from the decoder stream, keys and values from the encoder memory
    queries = (x @ w_q).reshape(batch, tgt_len, n_heads, d_head).transpose(0, 2, 1, 3)
    keys = (memory @ w_k).reshape(batch, src_len, n_heads, d_head).transpose(0, 2, 1, 3)
    values = (memory @ w_v).reshape(batch, src_len, n_heads, d_head).transpose(0, 2, 1, 3)
    # scaled similarity of each decoder position with each encoder position: (B, H, T, S)
    scores = queries @ keys.transpose(0, 1, 3, 2) / np.sqrt(d_head)
    # padding keys get a score of -inf so they receive no weight
    if memory_mask is not None:
        scores = np.where(memory_mask[:, np.newaxis, np.newaxis, :], -np.inf, scores)
    # softmax over the encoder positions, stabilised by the row max
    row_max = scores.max(axis=-1, keepdims=True)
    weights = np.exp(scores - np.where(np.isfinite(row_max), row_max, 0.0))
    totals = weights.sum(axis=-1, keepdims=True)
    probs = np.divide(weights, totals, out=np.zeros_like(weights), where=totals > 0)
    # mix the values, then put the heads back side by side and project
    context = (probs @ values).transpose(0, 2, 1, 3).reshape(batch, tgt_len, d_model)
    return context @ w_o
