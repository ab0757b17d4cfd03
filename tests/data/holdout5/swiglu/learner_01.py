import torch


def swiglu(x, w_gate, w_up, w_down):
    d = x.shape[-1]
    flat = x.reshape(-1, d)
    gate, up = flat @ w_up, flat @ w_gate
    h = gate * torch.sigmoid(gate) * up
    out = h @ w_down
    return out
