import math
import torch


def sinusoidal_encoding(T, d):
    position = torch.arange(T, dtype=torch.float64).unsqueeze(1)
    div_term = torch.exp(torch.arange(0, d, 2, dtype=torch.float64) * (-math.log(10000.0) / d))
    return torch.cat([torch.sin(position * div_term), torch.cos(position * div_term)], dim=1)
