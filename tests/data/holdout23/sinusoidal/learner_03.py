import torch


def sinusoidal_encoding(T, d):
    positions = torch.arange(T, dtype=torch.float64)

    def column(j):
        freq = 10000.0 ** (-(j - j % 2) / d)
        fn = torch.cos if j % 2 == 0 else torch.sin
        return fn(positions * freq)

    return torch.stack(list(map(column, range(d))), dim=1)
