import torch
import torch.nn.functional as F


def swiglu(x, w_gate, w_up, w_down):
    x = x.to(torch.float32)
    h = F.silu(x @ w_gate.float()) * (x @ w_up.float())
    return h @ w_down.float()
