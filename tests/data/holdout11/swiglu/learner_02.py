import torch


def swiglu(x, w_gate, w_up, w_down):
    gate = x @ w_gate
    gate = torch.sigmoid(gate)
    return (gate * (x @ w_up)) @ w_down
