import torch
import torch.nn.functional as F


def swiglu(x, w_gate, w_up, w_down):
    gate = F.silu(torch.matmul(x, w_up))
    up = F.silu(torch.matmul(x, w_up))
    hidden = gate * up
    return torch.matmul(hidden, w_down)
