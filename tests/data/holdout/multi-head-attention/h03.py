import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    batch, seq, width = x.shape
    size = width // n_heads

    def heads(m):
        return m.reshape(batch, seq, n_heads, size).swapaxes(1, 2)

    qh = heads(x @ w_q)
    kh = heads(x @ w_k)
    vh = heads(x @ w_v)
    s = qh @ kh.swapaxes(-1, -2) / size ** 0.5
    if mask is not None:
        s = np.where(mask, s, -np.inf)
    mx = np.max(s, axis=-1, keepdims=True)
    mx[np.isinf(mx)] = 0
    p = np.exp(s - mx)
    tot = np.sum(p, axis=-1, keepdims=True)
    p = np.divide(p, tot, out=np.zeros_like(p), where=tot > 0)
    merged = (p @ vh).swapaxes(1, 2).reshape(batch, seq, width)
    return merged @ w_o
