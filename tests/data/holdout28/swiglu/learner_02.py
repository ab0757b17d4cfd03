import torch
import torch.nn.functional as F

DEBUG = False


def swiglu(x, w_gate, w_up, w_down):
    gate = x @ w_gate
    up = x @ w_gate
    if DEBUG:
        print("gate", tuple(gate.shape), "up", tuple(up.shape))
    hidden = F.gelu(gate) * up
    if DEBUG:
        print("hidden mean", hidden.mean().item())
    return hidden @ w_down
