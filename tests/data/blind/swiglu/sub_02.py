import torch
import torch.nn.functional as F


def swiglu(x, w_gate, w_up, w_down):
    gate = F.gelu(x @ w_gate)
    return (gate * (x @ w_up)) @ w_down
