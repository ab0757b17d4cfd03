import numpy as np


def _logsumexp(s, axis=-1):
    m = np.maximum.reduce(s, axis=axis, keepdims=True)
    m = np.where(np.isneginf(m), 0, m)
    return m + np.log(np.sum(np.exp(s - m), axis=axis, keepdims=True))


def attention(q, k, v, mask=None):
    """Log-domain softmax: P = exp(S - logsumexp(S)), S = q k^T / sqrt(d)."""
    d = k.shape[-2]
    S = np.matmul(q, np.swapaxes(k, -1, -2)) / np.sqrt(d).astype(q.dtype)
    if mask is not None:
        S = np.where(np.broadcast_to(mask, S.shape), S, -np.inf)
    with np.errstate(divide="ignore"):
        lse = _logsumexp(S)
    P = np.exp(S - lse)
    return np.matmul(P, v)
