import torch

BASE = 10000.0


def sinusoidal_encoding(T, d):
    pe = torch.zeros(T, d, dtype=torch.float64)
    pos = torch.arange(T, dtype=torch.float64)
    for i in range(0, d - 2, 2):
        angle = pos / (BASE ** (2 * i / d))
        pe[:, i] = torch.sin(angle)
        pe[:, i + 1] = torch.cos(angle)
    return pe
