import torch


def sinusoidal_encoding(T, d):
    pos = torch.arange(T, dtype=torch.float64).unsqueeze(1)            # (T, 1)
    two_i = torch.arange(0, d // 2, dtype=torch.float64).unsqueeze(0)    # (1, d/2): the 2i of the paper
    omega = 10000.0 ** (-two_i / d)                                     # 1 / 10000^(2i/d)
    angle = pos * omega
    PE = torch.zeros(T, d, dtype=torch.float64)
    PE[:, 0::2] = torch.sin(angle)
    PE[:, 1::2] = torch.cos(angle)
    return PE
