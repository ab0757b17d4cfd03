import torch
import torch.nn.functional as F


def swiglu(x, w_gate, w_up, w_down):
    gate = F.selu(torch.matmul(x, w_gate))
    up = torch.matmul(x, w_up.T)
    return torch.matmul(gate * up, w_down)
