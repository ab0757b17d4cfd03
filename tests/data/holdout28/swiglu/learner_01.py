import torch


def swiglu(x, w_gate, w_up, w_down):
    d = x.shape[-1]
    rows = x.reshape(-1, d)  # (N, d): every leading dim folded into rows
    g = rows @ w_gate
    u = rows @ w_up
    h = g * torch.sigmoid(u) * u
    out = h @ w_down
    return out.reshape(*x.shape[:-1], w_down.shape[-1])
