import torch
import torch.nn as nn
import torch.nn.functional as F


class SwiGLUFFN(nn.Module):
    def __init__(self, w_gate, w_up, w_down):
        super().__init__()
        self.register_buffer("w_gate", w_gate)
        self.register_buffer("w_up", w_up)
        self.register_buffer("w_down", w_down)

    def forward(self, x):
        gate = F.gelu(torch.matmul(x, self.w_gate))
        up = torch.matmul(x, self.w_gate)
        return torch.matmul(gate * up, self.w_down)


def swiglu(x, w_gate, w_up, w_down):
    return SwiGLUFFN(w_gate, w_up, w_down)(x)
