import math

import torch


def sinusoidal_encoding(T, d):
    pos = torch.arange(1, T + 1, dtype=torch.float64)[:, None]
    i = torch.arange(d // 2, dtype=torch.float64)
    inv = torch.exp(-math.log(10000.0) * 2 * i / d)
    ang = pos * inv
    return torch.stack([ang.sin(), ang.cos()], dim=-1).reshape(T, d)
