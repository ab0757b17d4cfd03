import torch


def sinusoidal_encoding(T, d):
    pos = torch.arange(1, T + 1, dtype=torch.float64).unsqueeze(1)
    div = torch.pow(10000.0, torch.arange(0, d, 2, dtype=torch.float64) / d)
    pe = torch.zeros(T, d, dtype=torch.float64)
    pe[:, 0::2] = torch.cos(pos / div)
    pe[:, 1::2] = torch.sin(pos / div)
    return pe
