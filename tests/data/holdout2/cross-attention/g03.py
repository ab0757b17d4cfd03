import numpy as np


def _softmax(s):
    m = np.max(s, axis=-1, keepdims=True)
    m = np.where(np.isneginf(m), 0.0, m)
    e = np.exp(s - m)
    z = np.sum(e, axis=-1, keepdims=True)
    return np.where(z > 0, e / np.where(z > 0, z, 1.0), 0.0)


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    d = x.shape[-1]
    dh = d // n_heads
    Q, K, V = x @ w_q, memory @ w_k, memory @ w_v
    scale = 1.0 / np.sqrt(d)
    outs = []
    for h in range(n_heads):
        sl = slice(h * dh, (h + 1) * dh)
        s = Q[..., sl] @ np.swapaxes(K[..., sl], 1, 2) * scale
        if memory_mask is not None:
            s = np.where(memory_mask[:, None, :], s, -np.inf)
        outs.append(_softmax(s) @ V[..., sl])
    return (np.concatenate(outs, axis=-1) @ w_o).astype(x.dtype)
