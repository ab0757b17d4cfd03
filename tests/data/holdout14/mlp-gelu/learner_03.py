import torch
import torch.nn.functional as F


def mlp(x, w1, b1, w2, b2):
    hidden = F.linear(x, w1.t())
    hidden = F.gelu(hidden, approximate="tanh")
    out = F.linear(hidden, w2.t(), b2)
    return out
