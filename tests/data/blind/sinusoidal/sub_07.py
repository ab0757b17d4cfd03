import torch


def sinusoidal_encoding(T, d):
    pe = torch.zeros(T, d, dtype=torch.float64)
    position = torch.arange(T, dtype=torch.float64).unsqueeze(1)
    i = torch.arange(d // 2)
    div = 10000.0 ** (2 * i // d)
    pe[:, 0::2] = torch.sin(position / div)
    pe[:, 1::2] = torch.cos(position / div)
    return pe
