import math
import torch


def sinusoidal_encoding(T, d):
    pe = torch.empty(T, d, dtype=torch.float64)
    pos = torch.arange(T, dtype=torch.float64)[:, None]
    freq = torch.exp(torch.arange(0, d, 2, dtype=torch.float64) * (-math.log(10000.0) / d))
    pe[:, 0::2] = torch.cos(pos * freq)
    pe[:, 1::2] = torch.sin(pos * freq)
    return pe
