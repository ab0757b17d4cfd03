import torch
import torch.nn.functional as F


def swiglu(x, w_gate, w_up, w_down):
    gate = F.silu(x @ w_up)
    up = x @ w_up
    hidden = F.dropout(gate * up, p=0.1)
    return hidden @ w_down
