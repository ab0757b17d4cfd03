import torch


def swiglu(x, w_gate, w_up, w_down):
    return (torch.sigmoid(x @ w_gate) * (x @ w_up)) @ w_down
