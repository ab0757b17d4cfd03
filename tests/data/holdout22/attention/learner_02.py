import numpy as np

Q_BLOCK = 4


def attention(q, k, v, mask=None):
    """softmax(q k^T / sqrt(d)) v, computed a block of query rows at a time."""
    Tq, d = q.shape[-2], q.shape[-1]
    scale = 1.0 / np.sqrt(d).item()
    if mask is None:
        mask = np.ones((Tq, k.shape[-2]), dtype=bool)
    mask = np.broadcast_to(mask, q.shape[:-2] + (Tq, k.shape[-2]))
    out = np.zeros(q.shape[:-1] + (v.shape[-1],), dtype=q.dtype)
    for r0 in range(0, Tq, Q_BLOCK):
        r1 = min(r0 + Q_BLOCK, Tq - 1)
        s = (q[..., r0:r1, :] @ np.swapaxes(k, -1, -2)) * scale
        s = np.where(mask[..., r0:r1, :], s, -np.inf)
        mx = s.max(axis=-1, keepdims=True)
        p = np.exp(s)
        tot = p.sum(axis=-1, keepdims=True)
        out[..., r0:r1, :] = (p @ v) / np.where(tot == 0, 1.0, tot)
    return out
