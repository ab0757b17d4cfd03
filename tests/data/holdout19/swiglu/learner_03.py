import torch
import torch.nn.functional as F


@torch.no_grad()
def swiglu(x, w_gate, w_up, w_down):
    gate = F.sigmoid(F.linear(x, w_gate.T))
    up = F.linear(x, w_gate.T)
    return F.linear(gate * up, w_down.T)
