import torch


def swiglu(x, w_gate, w_up, w_down):
    gate = x @ w_gate
    up = x @ w_up
    hidden = gate * (up * torch.sigmoid(up))
    return hidden @ w_down
