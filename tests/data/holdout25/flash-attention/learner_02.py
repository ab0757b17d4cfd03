import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    n = q.shape[-2]                                           # %Tq
    N = k.shape[-2]                                           # %Tk
    c = np.asarray(1.0 / np.sqrt(q.shape[-1]), dtype=q.dtype)  # %scale
    r0 = np.arange(n).reshape(n, 1) + (n - N)                 # %last visible key per row
    m0 = np.full(q.shape[:-1] + (1,), -np.inf, dtype=q.dtype)  # %m
    l0 = np.zeros(q.shape[:-1] + (1,), dtype=q.dtype)         # %l
    a0 = np.zeros(q.shape[:-1] + (v.shape[-1],), dtype=q.dtype)   # %acc
    for j in range(0, N, block_size):
        t0 = k[..., j:j + block_size, :]                      # %kj
        t1 = v[..., j:j + block_size, :]                      # %vj
        t2 = np.matmul(q, np.swapaxes(t0, -1, -2)) * c        # %sj
        t3 = np.arange(j, j + t0.shape[-2]).reshape(1, -1)    # %cols
        t4 = (t3 <= r0) | (not causal)                        # %visible
        t5 = np.where(t4, t2, -np.inf)                        # %sj masked
        t6 = np.maximum(m0, t5.max(axis=-1, keepdims=True))   # %m'
        t7 = np.where(t6 == -np.inf, 0, t6)                   # %m' safe
        t8 = np.exp(t5 - t7)                                  # %p
        t9 = np.exp(m0 - t7)                                  # %alpha
        l0 = t8.sum(axis=-1, keepdims=True)
        a0 = t9 * a0 + np.matmul(t8, t1)
        m0 = t6
    t10 = np.where(l0 > 0, l0, 1)                             # %l safe
    return (a0 / t10).astype(q.dtype)
