import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    dh = d // n_heads
    q = (x @ w_q).reshape(B, T, n_heads, dh)
    k = (x @ w_k).reshape(B, T, n_heads, dh)
    v = (x @ w_v).reshape(B, T, n_heads, dh)
    s = np.einsum("bihc,bjhc->bhij", q, k) * (1.0 / np.sqrt(dh)).item()
    if mask is not None:
        m = mask if mask.ndim == 3 else mask[None]
        s = np.where(m[:, None, :, :], s, -np.inf)
    mx = s.max(axis=-1, keepdims=True)
    mx[~np.isfinite(mx)] = 0.0
    p = np.exp(s - mx)
    z = p.sum(axis=-1, keepdims=True)
    p = np.where(z > 0, p / np.where(z > 0, z, 1.0), 0.0)
    heads = np.einsum("bhij,bjhc->bihc", p, v).reshape(B, T, d)
    return heads @ w_o
