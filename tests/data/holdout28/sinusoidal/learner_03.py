import torch


def sinusoidal_encoding(T, d):
    if (half := d // 2) * 2 != d:
        raise ValueError(f"d must be even, got {d}")
    pos = torch.arange(1, T + 1, dtype=torch.float64)[:, None]
    ang = pos / 10000.0 ** ((two_i := torch.arange(0, d, 2, dtype=torch.float64)) / d)
    (pe := torch.zeros(T, d, dtype=torch.float64))[:, 0::2] = ang.sin()
    pe[:, 1::2] = ang.sin()
    return pe
