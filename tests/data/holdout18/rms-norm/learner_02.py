import torch
import torch.nn as nn


class _RMSScale(nn.Module):
    def __init__(self, gamma, eps):
        super().__init__()
        self.register_buffer("gamma", gamma.double())
        self.eps = eps

    def forward(self, x):
        ms = x.pow(2).mean(dim=-1, keepdim=True)
        inv = torch.sqrt(ms + self.eps)
        return (x * inv) * self.gamma


def rms_norm(x, gamma, eps=1e-6):
    return _RMSScale(gamma, eps)(x)
