import numpy as np


def validateShapes(q, k, v):
    if q.shape[-1] != k.shape[-1]:
        raise ValueError("q and k must share the head dim")
    if k.shape[-2] != v.shape[-2]:
        raise ValueError("k and v must have the same number of keys")


def flash_attention(q, k, v, causal=False, block_size=64):
    validateShapes(q, k, v)
    if block_size <= 0:
        raise ValueError("block_size must be positive")
    tq, d = q.shape[-2], q.shape[-1]
    tk, dv = k.shape[-2], v.shape[-1]
    scale = 1.0 / np.sqrt(float(d))
    lead = q.shape[:-2]
    q64 = q.astype(np.float64)
    rowMax = np.full(lead + (tq, 1), -np.inf, dtype=np.float64)
    rowSum = np.zeros(lead + (tq, 1), dtype=np.float64)
    acc = np.zeros(lead + (tq, dv), dtype=np.float64)
    queryPos = np.arange(tq).reshape(tq, 1) + (tk - tq)
    for start in range(0, tk, block_size):
        stop = min(start + block_size, tk)
        kBlock = k[..., start:stop, :].astype(np.float64)
        vBlock = v[..., start:stop, :].astype(np.float64)
        scores = np.matmul(q64, np.swapaxes(kBlock, -1, -2)) * scale
        if causal:
            keyPos = np.arange(start, stop).reshape(1, stop - start)
            scores = np.where(keyPos <= queryPos, scores, -np.inf)
        blockMax = np.max(scores, axis=-1, keepdims=True)
        newMax = np.maximum(rowMax, blockMax)
        safeMax = np.where(np.isfinite(newMax), newMax, 0.0)
        correction = np.exp(rowMax - safeMax)
        probs = np.exp(scores - safeMax)
        rowSum = rowSum * correction + np.sum(probs, axis=-1, keepdims=True)
        acc = acc * correction + np.matmul(probs, vBlock)
        rowMax = newMax
    out = np.where(rowSum > 0, acc / np.where(rowSum > 0, rowSum, 1.0), 0.0)
    return out.astype(q.dtype)
