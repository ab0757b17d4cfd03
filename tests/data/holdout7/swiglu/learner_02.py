import torch


def swiglu(x, w_gate, w_up, w_down):
    g = torch.matmul(x, w_gate)
    u = torch.matmul(x, w_up)
    hidden = torch.sigmoid(g) * u  # gated
    return torch.matmul(hidden, w_down)
