import numpy as np


def kv_head(j, hq, hkv):
    return j // (hq // hkv)


def visible(tq, tk, causal):
    return np.tril(np.ones((tq, tk), bool), tq - tk) if causal else np.ones((tq, tk), bool)


def softmax_masked(s, ok):
    z = np.where(ok, s, -np.inf)
    top = np.max(z, axis=-1, keepdims=True)
    e = np.where(ok, np.exp(z - np.where(np.isfinite(top), top, 0)), 0)
    n = e.sum(axis=-1, keepdims=True)
    return e / np.where(n == 0, 1, n)


def one_head(qh, kh, vh, ok):
    return softmax_masked(qh @ kh.T / np.sqrt(qh.shape[-2], dtype=qh.dtype), ok) @ vh


def grouped_query_attention(q, k, v, causal=False):
    """Grouped-query attention: see TASK.md."""
    (B, hq, tq, _), (_, hkv, tk, _) = q.shape, k.shape
    ok = visible(tq, tk, causal)
    return np.array([[one_head(q[b, j], k[b, kv_head(j, hq, hkv)], v[b, kv_head(j, hq, hkv)], ok)
                      for j in range(hq)] for b in range(B)], dtype=q.dtype).reshape(q.shape)
