import torch
import torch.nn.functional as F


def swiglu(x, w_gate, w_up, w_down):
    a = x @ w_gate
    b = x @ w_up
    h = F.silu(a) * F.silu(b)
    out = h @ w_down
    return out.float()
