import torch


def swiglu(x, w_gate, w_up, w_down):
    γ = x @ w_gate  # gate pre-activation
    σ = torch.sigmoid(γ)
    υ = x @ w_up
    η = σ * υ  # silu(γ) ⊙ υ
    return η @ w_down
