import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    β, Λ, η, δ, τ = batch, layers, heads, head_dim, tokens
    κ = 2  # FLOPs per multiply-add
    φ_qk = κ * τ * δ * τ  # (τ, δ) @ (δ, τ)
    φ_av = κ * τ * τ * η  # (τ, τ) @ (τ, δ)
    Φ = β * Λ * η * (φ_qk + φ_av)
    ν = np.int64(β) * η * np.multiply(τ, 2)  # score elements in one layer
    μ = ν * bytes_per_element
    return {"flops": int(Φ), "memory_bytes": int(μ)}
