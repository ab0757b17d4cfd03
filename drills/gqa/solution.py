import numpy as np
def grouped_query_attention(q, k, v, causal=False):
    hq, hkv = q.shape[1], k.shape[1]
    g = hq // hkv
    k = np.repeat(k, g, axis=1)
    v = np.repeat(v, g, axis=1)
    tq, tk = q.shape[-2], k.shape[-2]
    s = q @ np.swapaxes(k, -1, -2) / q.shape[-1] ** 0.5  # a Python float keeps float32 input float32 (np.sqrt would promote it)
    if causal:
        i = np.arange(tq)[:, None]
        j = np.arange(tk)[None, :]
        s = np.where(j <= i + (tk - tq), s, -np.inf)
    m = s.max(-1, keepdims=True)
    e = np.exp(s - np.where(np.isfinite(m), m, 0))
    t = e.sum(-1, keepdims=True)
    return np.divide(e, t, out=np.zeros_like(e), where=t > 0) @ v
