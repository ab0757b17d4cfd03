import math

import torch


def sinusoidal_encoding(T, d):
    assert isinstance(T, int) and T >= 0, f"T must be a non-negative int, got {T!r}"
    assert isinstance(d, int) and d > 0 and d % 2 == 0, f"d must be a positive even int, got {d!r}"
    pos = torch.arange(T, dtype=torch.float64).unsqueeze(1)
    two_i = torch.arange(0, d, 2, dtype=torch.float64)
    div = torch.exp(two_i * (-math.log(10000.0) / d))
    pe = torch.empty(T, d, dtype=torch.float64)
    pe[:, 0::2] = torch.sin(pos * div)
    pe[:, 1::2] = torch.cos(pos * div)
    assert pe.shape == (T, d), f"built {tuple(pe.shape)}"
    return pe
