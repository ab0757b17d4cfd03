import numpy as np


def attention(q, k, v, mask=None):
    Q, K, V = q, k, v
    d_k = Q.shape[-1]
    S = np.matmul(Q, np.swapaxes(K, -1, -2)) / np.sqrt(d_k)     # S = Q K^T / sqrt(d_k)
    if mask is not None:
        S = np.where(mask, S, -np.inf)                                          # masked logits -> -inf
    m = np.max(S, axis=-1, keepdims=True)                                       # m_i = max_j S_ij
    m = np.where(np.isfinite(m), m, 0.0)                                        # a fully masked row has m_i = -inf
    E = np.exp(S)                                                           # E_ij = exp(S_ij - m_i)
    Z = np.sum(E, axis=-2, keepdims=True)                                       # Z_i = sum_j E_ij
    A = np.divide(E, Z, out=np.zeros_like(E), where=Z > 0)                      # A = E / Z, 0 where Z_i = 0
    return np.matmul(A, V)                                                      # softmax(S) V
