import torch


def swiglu(x, w_gate, w_up, w_down):
    gate = torch.sigmoid(x @ w_gate)
    up = x @ w_up
    return (gate * up) @ w_down
