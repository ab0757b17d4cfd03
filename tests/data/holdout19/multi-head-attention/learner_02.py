import numpy as np


def computeScores(q, k, dHead):
    return (q @ k.T) / np.sqrt(dHead).astype(q.dtype)


def applyMask(scores, maskRow):
    return np.where(maskRow, scores, 0.0)


def softmaxRows(scores):
    out = np.zeros_like(scores)
    for i in range(scores.shape[0]):
        row = scores[i]
        if np.all(np.isneginf(row)):
            continue
        e = np.exp(row - row.max())
        out[i] = e / e.sum()
    return out


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    if x.ndim != 3:
        raise ValueError("x must be (B, T, d)")
    B, T, D = x.shape
    if D % n_heads != 0:
        raise ValueError("n_heads must divide d")
    dHead = D // n_heads
    if mask is not None:
        mask = np.broadcast_to(mask, (B, T, T))
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    concat = np.zeros((B, T, D), dtype=x.dtype)
    for b in range(B):
        for h in range(n_heads):
            cols = slice(h, h + dHead)
            scores = computeScores(q[b][:, cols], k[b][:, cols], dHead)
            if mask is not None:
                scores = applyMask(scores, mask[b])
            concat[b][:, cols] = softmaxRows(scores) @ v[b][:, cols]
    return concat @ w_o
