import torch


def sinusoidal_encoding(T, d):
    ang = torch.arange(T, dtype=torch.float64)[:, None] / 10000 ** -(torch.arange(0, d, 2, dtype=torch.float64) / d)
    return torch.cat((ang.sin(), ang.cos()), -1)
