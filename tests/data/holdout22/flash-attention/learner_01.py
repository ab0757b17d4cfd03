import math
import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    """FlashAttention-2 (Dao, 2023), Algorithm 1 forward, one pass over the key blocks K_j, V_j."""
    T_r, d = q.shape[-2], q.shape[-1]
    N = k.shape[-2]
    B_c = block_size
    tau = 1.0 / np.sqrt(d)
    Q = q
    O_i = np.zeros(q.shape[:-1] + (v.shape[-1],), dtype=q.dtype)
    l_i = np.zeros(q.shape[:-1] + (1,), dtype=q.dtype)
    m_i = np.full(q.shape[:-1] + (1,), -np.inf, dtype=q.dtype)
    for j in range(0, N, B_c):
        K_j, V_j = k[..., j:j + B_c, :], v[..., j:j + B_c, :]
        # S_ij = tau * Q_i K_j^T
        S_ij = tau * np.matmul(Q, np.swapaxes(K_j, -1, -2))
        if causal:
            S_ij = np.where(np.arange(j, j + K_j.shape[-2]) < np.arange(T_r)[:, None] + N - T_r, S_ij, -np.inf)
        # m_i^new = max(m_i, rowmax(S_ij))
        m_new = np.maximum(m_i, S_ij.max(axis=-1, keepdims=True))
        m_ref = np.where(m_new == -np.inf, 0.0, m_new)
        # P~_ij = exp(S_ij - m_i^new)
        P_ij = np.exp(S_ij - m_ref)
        # l_i = e^{m_i - m_i^new} l_i + rowsum(P~_ij)
        l_i = l_i + P_ij.sum(axis=-1, keepdims=True)
        # O_i = diag(e^{m_i - m_i^new}) O_i + P~_ij V_j
        O_i = np.exp(m_i - m_ref) * O_i + np.matmul(P_ij, V_j)
        m_i = m_new
    # O_i = diag(l_i)^{-1} O_i
    return O_i / np.where(l_i == 0.0, 1.0, l_i)
