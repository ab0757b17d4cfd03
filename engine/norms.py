"""LayerNorm and RMSNorm over the last dim (statistics in fp32 for half types)."""

from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import nn


def layer_norm(x, gamma, beta=None, eps: float = 1e-5):
    """gamma * (x - mean) / sqrt(var + eps) + beta, biased variance, eps inside the square root."""
    acc = torch.float32 if x.dtype in (torch.float16, torch.bfloat16) else x.dtype
    xf = x.to(acc)
    mean = xf.mean(dim=-1, keepdim=True)
    var = ((xf - mean) ** 2).mean(dim=-1, keepdim=True)
    out = (xf - mean) * torch.rsqrt(var + eps) * gamma.to(acc)
    if beta is not None:
        out = out + beta.to(acc)
    return out.to(x.dtype)


def rms_norm(x, gamma, eps: float = 1e-6):
    """x / sqrt(mean(x^2) + eps) * gamma: no mean centring, no beta."""
    acc = torch.float32 if x.dtype in (torch.float16, torch.bfloat16) else x.dtype
    xf = x.to(acc)
    return (xf * torch.rsqrt(xf.pow(2).mean(dim=-1, keepdim=True) + eps) * gamma.to(acc)).to(x.dtype)


class LayerNorm(nn.Module):
    def __init__(self, d: int, eps: float = 1e-5, bias: bool = True):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d))
        self.bias = nn.Parameter(torch.zeros(d)) if bias else None

    def forward(self, x):  # torch's fused kernel; equal to layer_norm() above (tested)
        return F.layer_norm(x, (x.shape[-1],), self.weight, self.bias, self.eps)


class RMSNorm(nn.Module):
    def __init__(self, d: int, eps: float = 1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):  # torch's fused kernel; equal to rms_norm() above (tested)
        return F.rms_norm(x, (x.shape[-1],), self.weight, self.eps)
