import torch


def sinusoidal_encoding(T: int, d: int) -> torch.Tensor:
    pe = torch.zeros(T, d, dtype=torch.float64)
    pos = torch.arange(1, T + 1, dtype=torch.float64)[:, None]
    freq = 10000.0 ** (-torch.arange(0, d, 2, dtype=torch.float64) / d)
    pe[:, 0::2] = torch.sin(pos * freq)
    pe[:, 1::2] = torch.cos(pos * freq)
    return pe
