import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    dh = d // n_heads
    # %% [1] projections
    s1_q, s1_k, s1_v = x @ w_q, x @ w_k, x @ w_v
    # %% [2] split the heads -> (B, h, T, dh)
    s2_q = s1_q.reshape(B, T, n_heads, dh).transpose(0, 2, 1, 3)
    s2_k = s1_k.reshape(B, n_heads, T, dh)
    s2_v = s1_v.reshape(B, T, n_heads, dh).transpose(0, 2, 1, 3)
    # %% [3] scores (B, h, T, T)
    s3 = s2_q @ s2_k.transpose(0, 1, 3, 2) / dh ** 0.5
    # %% [4] one mask for every head: (T, T) -> (1, 1, T, T), (B, T, T) -> (B, 1, T, T)
    if mask is not None:
        s4_mask = mask[None, None] if mask.ndim == 2 else mask[:, None]
        s3 = np.where(s4_mask, s3, -np.inf)
    # %% [5] softmax; fully masked rows -> 0
    s5_max = np.max(s3, axis=-1, keepdims=True)
    s5_max = np.where(np.isfinite(s5_max), s5_max, 0.0)
    s5_e = np.exp(s3 - s5_max)
    s5_sum = np.sum(s5_e, axis=-1, keepdims=True)
    s5_w = s5_e / np.where(s5_sum == 0.0, 1.0, s5_sum)
    # %% [6] heads -> concat -> output projection
    s6 = (s5_w @ s2_v).transpose(0, 2, 1, 3).reshape(B, T, d)
    return s6 @ w_o + x
