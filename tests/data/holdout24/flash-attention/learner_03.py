import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    # Dao et al. (2022), Algorithm 1, with tau = 1/sqrt(d) and the causal mask shifted by N_k - N_q
    N_q, d = q.shape[-2], q.shape[-1]
    N_k = k.shape[-2]
    tau = 1.0 / np.sqrt(v.shape[-1])
    B_c = B_r = block_size
    lead = np.broadcast_shapes(q.shape[:-2], k.shape[:-2])
    O = np.zeros(lead + (N_q, v.shape[-1]))                 # O = (0)_{N x d}
    l = np.zeros(lead + (N_q, 1))                           # l = (0)_N
    m = np.full(lead + (N_q, 1), -np.inf)                   # m = (-inf)_N
    for j in range(0, N_k, B_c):                            # outer loop over K_j, V_j
        K_j = k[..., j:j + B_c, :]
        V_j = v[..., j:j + B_c, :]
        for i in range(0, N_q, B_r):                        # inner loop over Q_i
            Q_i = q[..., i:i + B_r, :]
            S_ij = tau * (Q_i @ np.swapaxes(K_j, -1, -2))   # S_ij = tau Q_i K_j^T
            if causal:
                r = np.arange(i, i + Q_i.shape[-2])[:, None]
                c = np.arange(j, j + K_j.shape[-2])[None, :]
                S_ij = np.where(c <= r + (N_k - N_q), S_ij, -np.inf)
            m_ij = S_ij.max(axis=-1, keepdims=True)         # m~_ij = rowmax(S_ij)
            m_new = np.maximum(m[..., i:i + B_r, :], m_ij)  # m_i^new = max(m_i, m~_ij)
            m_ref = np.where(np.isfinite(m_new), m_new, 0.0)
            P_ij = np.exp(S_ij - m_ref)                     # P~_ij = exp(S_ij - m_i^new)
            alpha = np.exp(m[..., i:i + B_r, :] - m_ref)    # e^{m_i - m_i^new}
            l[..., i:i + B_r, :] = alpha * l[..., i:i + B_r, :] + P_ij.sum(axis=-1, keepdims=True)
            O[..., i:i + B_r, :] = alpha * O[..., i:i + B_r, :] + P_ij @ V_j
            m[..., i:i + B_r, :] = m_ij
    O = O / np.where(l > 0, l, 1.0)                          # O_i = diag(l_i)^{-1} O_i
    return O.astype(q.dtype)
