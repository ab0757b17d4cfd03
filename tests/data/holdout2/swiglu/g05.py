import torch


def swiglu(x, w_gate, w_up, w_down):
    gate = torch.sigmoid(x @ w_gate)
    return (gate * (x @ w_up)) @ w_down
