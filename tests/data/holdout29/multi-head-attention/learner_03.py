import math

import torch


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    η = n_heads
    δ = d // η  # width of one head
    τ = 1.0 / math.sqrt(η)  # inverse temperature
    θ = lambda w: (x @ w).view(B, T, δ, η).transpose(1, 2)  # noqa: E731  (B, η, T, δ)
    Q, K, V = θ(w_q), θ(w_k), θ(w_v)
    Σ = (Q @ K.transpose(-2, -1)) * τ  # (B, η, T, T)
    if mask is not None:
        μ = mask if mask.dim() == 2 else mask[:, None]
        Σ = Σ.masked_fill(~μ, float("-inf"))
    α = torch.softmax(Σ.nan_to_num(0.0), dim=-1)  # a fully masked row gives NaN: make it zeros
    Ω = (α @ V).transpose(1, 2).reshape(B, T, d)
    return Ω @ w_o
