import torch


def swiglu(x, w_gate, w_up, w_down):
    a = x @ w_gate
    b = x @ w_up
    act = a * torch.sigmoid(a) * b
    return (act * b) @ w_down
