import torch


def sinusoidal_encoding(T, d):
    p = torch.arange(T, dtype=torch.float64)[:, None]
    w = 10000.0 ** (-torch.arange(0, d, 2, dtype=torch.float64) / d)
    e = torch.empty(T, d, dtype=torch.float64)
    e[:, 0::2], e[:, 1::2] = torch.sin(p * w), torch.cos(p * w)
    return e
