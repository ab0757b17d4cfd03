import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    dh = d // n_heads

    def split(t):
        return t.reshape(B, T, n_heads, dh).transpose(0, 2, 1, 3)

    q, k, v = split(x @ w_q), split(x @ w_q), split(x @ w_v)
    scores = q @ k.transpose(0, 1, 3, 2) / d ** 0.5
    if mask is not None:
        m = mask[0] if mask.ndim == 3 else mask
        scores = np.where(m, scores, -np.inf)
    peak = np.max(scores, axis=-1, keepdims=True)
    peak = np.where(np.isfinite(peak), peak, 0.0)
    w = np.exp(scores - peak)
    norm = np.sum(w, axis=-1, keepdims=True)
    w = np.where(norm > 0, w / np.where(norm > 0, norm, 1.0), 0.0)
    out = (w @ v).transpose(0, 2, 1, 3).reshape(B, T, d)
    return out @ w_o
