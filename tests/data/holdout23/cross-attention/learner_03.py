import numpy as np

heads_of = lambda t, h: t.reshape(t.shape[0], t.shape[1], h, -1).swapaxes(1, 2)


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    q, k, v = heads_of(x @ w_q, n_heads), heads_of(memory @ w_k, n_heads), heads_of(memory @ w_v, n_heads)
    s = (q @ k.swapaxes(-1, -2)) * (1.0 / np.sqrt(q.shape[-1]))
    keep = np.ones(s.shape, dtype=bool) if memory_mask is None else ~memory_mask[:, None, None, :]
    s = np.where(keep, s, -np.inf)
    top = np.max(s, axis=-1, keepdims=True)
    e = np.where(keep, np.exp(s - np.where(np.isneginf(top), 0.0, top)), 0.0)
    n = e.sum(axis=-1, keepdims=True)
    o = (e / np.maximum(n, np.finfo(e.dtype).tiny)) @ v
    return o.swapaxes(1, 2).reshape(x.shape) @ w_o
