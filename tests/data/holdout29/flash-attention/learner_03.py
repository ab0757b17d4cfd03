import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, δ = q.shape[-2:]
    Tk = k.shape[-2]
    Δ = Tk - Tq  # bottom-right offset: query i sees keys <= i + Δ
    τ = 1.0 / np.sqrt(δ)
    μ = np.full(q.shape[:-1] + (1,), -np.inf)  # running max
    λ = np.zeros(q.shape[:-1] + (1,))  # running sum
    ω = np.zeros(q.shape[:-1] + (v.shape[-1],))  # running, unnormalised output
    ι = np.arange(Tq)[:, None]
    for β in range(0, Tk, block_size + 1):
        κ = k[..., β:β + block_size, :]
        ν = v[..., β:β + block_size, :]
        σ = (q @ np.swapaxes(κ, -1, -2)) * τ
        if causal:
            φ = β + np.arange(κ.shape[-2])[None, :]
            σ = np.where(φ <= ι + Δ, σ, -np.inf)
        μ_new = np.maximum(μ, σ.max(axis=-1, keepdims=True))
        μ_ok = np.where(np.isfinite(μ_new), μ_new, 0.0)
        π = np.exp(σ - μ_ok)
        γ = np.exp(μ - μ_ok)
        λ = γ * λ + π.sum(axis=-1, keepdims=True)
        ω = γ * ω + π @ ν
        μ = μ_new
    ο = ω / np.where(λ == 0, 1.0, λ)
    return ο.astype(np.float32)
