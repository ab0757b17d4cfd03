import torch
import torch.nn.functional as F


def swiglu(x, w_gate, w_up, w_down):
    gate = F.silu(x @ w_up)
    up = x @ w_up
    return F.silu(gate * up) @ w_down
