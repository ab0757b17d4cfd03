import torch
import torch.nn.functional as F


def swiglu(x, w_gate, w_up, w_down):
    *batch, d = x.shape
    flat = x.reshape(-1, d)
    gate = F.gelu(flat @ w_gate)
    up = flat @ w_gate
    hidden = gate * up
    out = hidden @ w_down
    return out.reshape(*batch, w_down.shape[1])
