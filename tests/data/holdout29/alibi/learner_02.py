import numpy as np


def alibi_bias(n_heads, T):
    # the slopes m_h = 2^(-8(h+1)/H) form a geometric sequence with ratio ρ = 2^(-8/H)
    ρ = 2.0 ** (-8.0 / n_heads)
    μ = ρ ** np.arange(1, n_heads + 1)
    ι = np.arange(T)
    Δ = np.abs(ι[:, None] - ι[None, :])
    β = -μ[:, None, None] * Δ[None, :, :]
    return β.astype(np.float64)
