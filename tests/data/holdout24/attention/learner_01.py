import numpy as np


def attention(q, k, v, mask=None):
    # Vaswani et al. (2017), eq. (1): Attention(Q, K, V) = softmax(Q K^T / sqrt(d_k)) V
    d_k = q.shape[-1]
    K_T = np.swapaxes(k, -1, -2)                  # K^T : (..., d_k, T_k)
    S = np.matmul(q, K_T)                         # Q K^T : (..., T_q, T_k)
    S = S / d_k          # scaled scores
    if mask is not None:
        S = np.where(mask, -np.inf, S)            # forbidden positions -> -inf
    S_max = np.max(S, axis=-2, keepdims=True)     # row max, for stability
    S_max = np.where(np.isfinite(S_max), S_max, 0.0)
    E = np.exp(S - S_max)                         # numerator of the softmax
    Z = np.sum(E, axis=-1, keepdims=True)         # denominator of the softmax
    P = E / np.where(Z == 0.0, 1.0, Z)            # softmax; an empty row stays 0
    O = np.matmul(P, v)                           # P V : (..., T_q, d_v)
    return O.astype(q.dtype)
