import torch


def _lane(pos, i, d, parity):
    angle = pos / 10000 ** (2 * i // d)
    match parity:
        case 0:
            return torch.sin(angle)
        case 1:
            return torch.cos(angle)


def sinusoidal_encoding(T, d):
    pos = torch.arange(T, dtype=torch.float64)[:, None]
    i = torch.arange(d // 2, dtype=torch.float64)[None, :]
    pe = torch.empty(T, d, dtype=torch.float64)
    for parity in (0, 1):
        pe[:, parity::2] = _lane(pos, i, d, parity)
    return pe
