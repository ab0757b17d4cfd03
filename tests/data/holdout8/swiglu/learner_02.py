import torch


def swiglu(x, w_gate, w_up, w_down):
    gate = x @ w_gate
    return (gate * torch.sigmoid(gate) * (x @ w_up)) @ w_down
