import torch


def transform(v, m):
    return torch.matmul(v, m)


def swiglu(x, w_gate, w_up, w_down):
    """Two transforms of the same vector: one squashed (silu) and used as a per-component scale of the other."""
    gate = transform(x, w_gate)
    up = transform(x, w_up)
    scaled = gate * torch.sigmoid(gate) * up
    return transform(scaled, w_down)
