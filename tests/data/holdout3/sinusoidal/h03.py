import torch


def sinusoidal_encoding(T, d):
    pos = torch.arange(T, dtype=torch.float64).unsqueeze(1)
    div = torch.exp(torch.arange(0, d, 2, dtype=torch.float64) * (-torch.log(torch.tensor(10000.0, dtype=torch.float64)) / d))
    angles = pos * div
    return torch.cat([torch.sin(angles), torch.cos(angles)], dim=-1)
