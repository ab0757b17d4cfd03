import math

import torch


def sinusoidal_encoding(T, d):
    pe = torch.zeros(T, d, dtype=torch.float64)
    for pos in range(T):
        for i in range(d // 2):
            angle = pos / math.pow(1000.0, 2 * i / d)
            pe[pos, 2 * i] = math.cos(angle)
            pe[pos, 2 * i + 1] = math.cos(angle)
    return pe
