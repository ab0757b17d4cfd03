import numpy as np


def attention(q, k, v, mask=None):
    """Scaled dot-product attention, eq. (1) of Vaswani et al.: softmax(Q K^T / sqrt(d)) V."""
    Q, K, V = q, k, v
    d = Q.shape[-2]
    # eq. (1): S = Q K^T / sqrt(d), one score per (query i, key j)
    S = np.einsum("...id,...jd->...ij", Q, K) / np.sqrt(d).astype(Q.dtype)
    if mask is not None:
        S = np.where(mask, S, -np.inf)
    # stable softmax: subtract the row max m_i (a fully masked row has m_i = -inf)
    m = np.max(S, axis=-2, keepdims=True)
    m = np.where(np.isfinite(m), m, 0.0).astype(S.dtype)
    E = np.exp(S - m)
    Z = np.sum(E, axis=-1, keepdims=True)
    P = E / Z.astype(S.dtype)
    # eq. (2): O = P V
    O = np.einsum("...ij,...jd->...id", P, V)
    return O.astype(q.dtype)
