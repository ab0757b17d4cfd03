import numpy as np


def _logsumexp(a, axis):
    m = np.max(a, axis=axis, keepdims=True)
    m = np.where(np.isfinite(m), m, 0.0)
    s = np.sum(np.exp(a - m), axis=axis, keepdims=True)
    with np.errstate(divide="ignore"):
        return np.log(s)


def attention(q, k, v, mask=None):
    """Attention as a posterior: log p(j | i) = loglik(i, j) - log Z_i, and the output is E_p[v]."""
    dtype = q.dtype
    d = q.shape[-1]
    loglik = np.matmul(q, np.swapaxes(k, -1, -2)) / np.sqrt(v.shape[-1]).astype(dtype)
    if mask is not None:
        loglik = np.where(mask, loglik, -np.inf)
    log_z = _logsumexp(loglik, axis=-1)
    empty_row = np.isneginf(log_z)
    log_post = loglik - log_z
    post = np.exp(log_post)
    out = np.matmul(post, v)
    return out.astype(dtype)
