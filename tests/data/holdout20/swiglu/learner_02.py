import torch


def swiglu(x, w_gate, w_up, w_down):
    g = x @ w_gate; u = x @ w_up
    return (g * torch.sigmoid(g) * u) @ w_down
