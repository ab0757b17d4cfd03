import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    γ, ε = gamma, eps
    ξ = x.astype(np.float64)
    ρ = np.sqrt(np.mean(ξ * ξ, axis=0, keepdims=True) + ε)  # root mean square of each row
    ψ = ξ * ρ * γ
    return ψ.astype(x.dtype)
