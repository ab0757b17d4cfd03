import numpy as np


def attention(q, k, v, mask=None):
    d_k = q.shape[-1]
    S = np.matmul(q, k.T) / np.sqrt(d_k)
    if mask is not None:
        S = np.where(mask, S, float("-inf"))

    row_max = S.max(axis=-1, keepdims=True)
    row_max[np.isinf(row_max)] = 0.0  # all -inf rows
    P = np.exp(S - row_max)
    P = P / P.sum(axis=-1, keepdims=True)

    return np.matmul(P, v).astype(q.dtype)
