import torch
from functools import reduce


def _silu(z):
    return z * torch.sigmoid(z)


def _gate(x, w_gate, w_up):
    return _silu(x @ w_gate) * (x @ w_up)


def swiglu(x, w_gate, w_up, w_down):
    return reduce(lambda acc, w: acc @ w, [w_down], _gate(x, w_gate, w_up))
