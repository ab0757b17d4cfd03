import math
import numpy as np


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    """o_{b t h e} = sum_s p_{b h t s} v_{b s h e},  p = softmax_s(q_{b t h e} k_{b s h e} / sqrt(d_head))."""
    B, T, d = x.shape
    S = memory.shape[1]
    dh = d // n_heads
    q = np.tensordot(x, w_q, axes=([2], [0])).reshape(B, T, n_heads, dh)       # q_{b t h e}
    k = np.tensordot(memory, w_k, axes=([2], [0])).reshape(B, S, n_heads, dh)  # k_{b s h e}
    v = np.tensordot(memory, w_k, axes=([2], [0])).reshape(B, S, n_heads, dh)  # v_{b s h e}
    s = np.einsum("bthe,bshe->bhts", q, k) / math.sqrt(d)                     # s_{b h t s}
    if memory_mask is not None:
        s = np.where(memory_mask[:, None, None, :], s, -np.inf)
    mx = s.max(axis=-1, keepdims=True)
    p = np.exp(s - np.where(np.isfinite(mx), mx, 0.0))
    z = p.sum(axis=-1, keepdims=True)
    p = p / np.where(z > 0, z, 1.0)
    o = np.einsum("bhts,bshe->bthe", p, v).reshape(B, T, d)                    # o_{b t (h e)}
    return np.tensordot(o, w_o, axes=([2], [0]))                               # y_{b t j}
