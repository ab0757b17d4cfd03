import numpy as np


def softmaxRows(scores):
    rowMax = scores.max(axis=-1, keepdims=True)
    rowMax = np.where(np.isneginf(rowMax), 0.0, rowMax)
    e = np.exp(scores - rowMax)
    s = e.sum(axis=-1, keepdims=True)
    return e / s


def grouped_query_attention(q, k, v, causal=False):
    if q.ndim != 4 or k.ndim != 4 or v.ndim != 4:
        raise ValueError("q, k, v must be (B, H, T, d)")
    B, Hq, Tq, d = q.shape
    _, Hkv, Tk, _ = k.shape
    if Hq % Hkv != 0:
        raise ValueError("Hq must be a multiple of Hkv")
    groupSize = Hq // Hkv
    scale = 1.0 / float(np.sqrt(d))
    out = np.zeros((B, Hq, Tq, v.shape[-1]), dtype=q.dtype)
    visible = np.ones((Tq, Tk), dtype=bool)
    if causal:
        visible = np.arange(Tk)[None, :] <= np.arange(Tq)[:, None]
    for b in range(B):
        for h in range(Hq):
            kvHead = h % Hkv
            scores = (q[b, h] @ k[b, kvHead].T) * scale
            scores = np.where(visible, scores, -np.inf)
            out[b, h] = softmaxRows(scores) @ v[b, kvHead]
    return out
