import torch
import torch.nn.functional as F


def swiglu(x, w_gate, w_up, w_down):
    gate = torch.sigmoid(torch.matmul(x, w_gate))
    up = torch.matmul(x, w_up)
    return torch.matmul(gate * up, w_down.T)
