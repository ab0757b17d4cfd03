import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    """Tiled attention with an online softmax (Milakov & Gimelshein 2018; Dao et al. 2022).

    For each key block j:  S_j = Q K_j^T / sqrt(d)
        m_new = max(m, rowmax(S_j))
        l     = exp(m - m_new) l + rowsum(exp(S_j - m_new))
        O     = exp(m - m_new) O + exp(S_j - m_new) V_j
    and finally O / l.
    """
    Tq, d = q.shape[-2], q.shape[-1]
    Tk, dv = k.shape[-2], v.shape[-1]
    batch = q.shape[:-2]
    tau = 1.0 / np.sqrt(np.float64(d))
    offset = 0
    Q = q.astype(np.float64)
    m = np.full(batch + (Tq, 1), -np.inf, dtype=np.float64)
    l = np.zeros(batch + (Tq, 1), dtype=np.float64)
    O = np.zeros(batch + (Tq, dv), dtype=np.float64)
    i_idx = np.arange(Tq)[:, None]
    for j0 in range(0, Tk, block_size):
        j1 = min(j0 + block_size, Tk)
        K_j = k[..., j0:j1, :].astype(np.float64)
        V_j = v[..., j0:j1, :].astype(np.float64)
        S_j = np.matmul(Q, np.swapaxes(K_j, -1, -2)) * tau
        if causal:
            S_j = np.where(np.arange(j0, j1)[None, :] <= i_idx + offset, S_j, -np.inf)
        m_new = np.maximum(m, S_j.max(axis=-1, keepdims=True))
        m_safe = np.where(np.isneginf(m_new), 0.0, m_new)
        alpha = np.exp(m_safe - m)
        P_j = np.exp(S_j - m_safe)
        l = alpha * l + P_j.sum(axis=-1, keepdims=True)
        O = alpha * O + np.matmul(P_j, V_j)
        m = m_new
    O = np.where(l > 0, O / np.where(l > 0, l, 1.0), 0.0)
    return O.astype(q.dtype)
