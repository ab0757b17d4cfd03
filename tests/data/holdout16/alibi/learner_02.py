import numpy as np


def alibi_bias(n_heads, T):
    """ALiBi biases (Press et al., 2022).

    m_h = 2^{-8 (h+1) / H},   B[h, i, j] = -m_h |i - j|.
    """
    H = int(n_heads)
    h = np.arange(H, dtype=np.float64)
    m = np.power(2.0, -8.0 * (h + 1.0) / H)
    pos = np.arange(T, dtype=np.float64)
    delta = np.abs(pos[:, None] - pos[None, :])
    bias = -m[:, None, None] * delta[None, :, :]
    return bias
