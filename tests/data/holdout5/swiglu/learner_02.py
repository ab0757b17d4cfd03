import torch
import torch.nn.functional as F


def swiglu(x, w_gate, w_up, w_down):
    hidden = F.silu(x @ w_gate) * x @ w_up
    return hidden @ w_down
