import numpy as np


def splitHeads(t, nHeads):
    b, T, d = t.shape
    return t.reshape(b, T, nHeads, d // nHeads)


def applyRope(t, positions):
    dHead = t.shape[-1]
    out = np.empty_like(t)
    for i in range(dHead // 2):
        theta = 10000.0 ** (2.0 * i / dHead)
        angle = positions * theta
        c = np.cos(angle)[None, :, None]
        s = np.sin(angle)[None, :, None]
        x0 = t[..., 2 * i]
        x1 = t[..., 2 * i + 1]
        out[..., 2 * i] = x0 * c - x1 * s
        out[..., 2 * i + 1] = x0 * s + x1 * c
    return out


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    if x.ndim != 3:
        raise ValueError("x must be (B, T, d)")
    if start_pos < 0 or start_pos + x.shape[1] > cache_k.shape[1]:
        raise ValueError("cache too small")
    B, T, D = x.shape
    dHead = D // n_heads
    positions = np.arange(start_pos, start_pos + T, dtype=np.float64)
    q = applyRope(splitHeads(x @ w_q, n_heads), positions)
    k = applyRope(splitHeads(x @ w_k, n_heads), positions)
    v = splitHeads(x @ w_v, n_heads)
    newK = np.array(cache_k, copy=True)
    newV = np.array(cache_v, copy=True)
    newK[:, start_pos:start_pos + T] = k
    newV[:, start_pos:start_pos + T] = v
    total = start_pos + T
    out = np.zeros((B, T, D), dtype=np.float64)
    for b in range(B):
        for h in range(n_heads):
            lo, hi = h * dHead, (h + 1) * dHead
            scores = q[b, :, h, :] @ newK[b, :total, h, :].T / np.sqrt(dHead)
            for i in range(T):
                scores[i, i + 1:] = -np.inf
            scores = scores - scores.max(axis=1, keepdims=True)
            weights = np.exp(scores)
            weights /= weights.sum(axis=1, keepdims=True)
            out[b, :, lo:hi] = weights @ newV[b, :total, h, :]
    return (out @ w_o).astype(x.dtype), newK, newV
