import torch
import torch.nn.functional as F


def swiglu(x, w_gate, w_up, w_down):
    h = F.gelu(x @ w_gate) * (x @ w_up)
    return (h @ w_down).float()
