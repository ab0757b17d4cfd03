import numpy as np


def _softmax_rows(s):
    m = s.max(axis=-1, keepdims=True)
    m = np.where(np.isfinite(m), m, 0.0)
    e = np.exp(s - m)
    z = e.sum(axis=-1, keepdims=True)
    return e / np.where(z > 0, z, 1.0)


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    d = x.shape[-1]
    dh = d // n_heads
    q, k, v = (t @ w for t, w in zip((x, memory, memory), (w_q, w_v, w_k)))
    spans = [slice(i * dh, (i + 1) * dh) for i in range(n_heads)]
    keep = None if memory_mask is None else memory_mask[:, None, :]
    heads = (
        _softmax_rows(s if keep is None else np.where(keep, s, -np.inf)) @ v[..., sp]
        for sp in spans
        for s in [q[..., sp] @ k[..., sp].swapaxes(-1, -2) / dh]
    )
    return (np.concatenate(list(heads), axis=-1) @ w_o).astype(x.dtype)
