import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    h = n_heads
    e = d // h
    # (b t (h e)) -> (b t h e)
    q = np.einsum("btd,df->btf", x, w_q).reshape(B, T, h, e)
    k = np.einsum("btd,df->btf", x, w_k).reshape(B, T, h, e)
    v = np.einsum("btd,df->btf", x, w_v).reshape(B, T, h, e)
    # scores (b h t s)
    s = np.einsum("bthe,bshe->bhst", q, k)
    s = s / np.sqrt(e)
    if mask is not None:
        keep = mask if mask.ndim == 3 else np.broadcast_to(mask, (B, T, T))
        s = np.where(keep[:, None, :, :], s, -np.inf)
    m = s.max(axis=-1, keepdims=True)
    m = np.where(np.isfinite(m), m, 0)
    p = np.exp(s - m)
    z = p.sum(axis=-1, keepdims=True)
    p = p / np.where(z > 0, z, 1)
    # (b h t s), (b s h e) -> (b t h e) -> (b t (h e))
    o = np.einsum("bhts,bshe->bthe", p, v).reshape(B, T, d)
    return np.einsum("btf,fd->btd", o, w_o)
