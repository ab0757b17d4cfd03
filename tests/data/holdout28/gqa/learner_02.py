import itertools
import math

import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    per_kv = Hq // Hkv
    out = np.zeros(q.shape)
    inv_sqrt_d = 1.0 / math.sqrt(d)
    offset = Tk - Tq
    for b, h in itertools.product(range(B), range(Hq)):
        g = h % Hkv
        s = q[b, h] @ k[b, g].T * inv_sqrt_d
        if causal:
            for i in range(Tq):
                s[i, max(0, i + offset):] = -math.inf
        top = s.max(axis=1, keepdims=True)
        e = np.exp(s - np.where(np.isinf(top), 0.0, top))
        z = e.sum(axis=1, keepdims=True)
        out[b, h] = np.divide(e, z, out=np.zeros_like(e), where=z > 0) @ v[b, g]
    return out
