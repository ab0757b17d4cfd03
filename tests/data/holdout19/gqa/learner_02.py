import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    group = Hq // Hkv
    k64 = np.tile(np.asarray(k, dtype=np.float64), (1, group, 1, 1))
    v64 = np.repeat(np.asarray(v, dtype=np.float64), group, axis=1)
    logits = np.matmul(np.asarray(q, dtype=np.float64), np.swapaxes(k64, -1, -2)) / np.sqrt(d)
    if causal:
        allowed = np.tril(np.ones((Tq, Tk), dtype=bool), k=Tk - Tq)
    else:
        allowed = np.ones((Tq, Tk), dtype=bool)
    with np.errstate(invalid="ignore", divide="ignore"):
        logits = np.where(allowed, logits, -np.inf)
        shift = np.max(logits, axis=-1, keepdims=True)
        shift = np.where(np.isfinite(shift), shift, 0.0)
        unnorm = np.exp(logits - shift)
        total = np.add.reduce(unnorm, axis=-1, keepdims=True)
        probs = np.where(total > 0, unnorm / total, 0.0)
    out = np.matmul(probs, v64)
    return out
