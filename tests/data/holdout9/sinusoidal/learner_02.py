import torch


def sinusoidal_encoding(T, d):
    pos = torch.arange(T, dtype=torch.float64)[:, None]
    two_i = torch.arange(0, d, 2, dtype=torch.float64)
    angle = pos / 10000 ** (two_i // d)
    pe = torch.stack([torch.sin(angle), torch.cos(angle)], dim=0).reshape(T, d)
    return pe
