import numpy as np


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    d = x.shape[-1]
    dh = d // n_heads
    q = x @ w_q
    k = memory @ w_k
    v = memory @ w_v
    heads = []
    for h in range(n_heads):
        cols = slice(h * dh, (h + 1) * dh)
        s = q[..., cols] @ k[..., cols].transpose(0, 2, 1) / np.sqrt(d)
        if memory_mask is not None:
            s = np.where(memory_mask[:, None, :], s, -np.inf)
        m = np.max(s, axis=-2, keepdims=True)
        m[np.isinf(m)] = 0
        e = np.exp(s - m)
        z = e.sum(axis=-1, keepdims=True)
        heads.append(e @ v[..., cols] / np.maximum(z, 1e-30))
    out = np.concatenate(heads, axis=-1) @ w_o
    return out.astype(x.dtype)
