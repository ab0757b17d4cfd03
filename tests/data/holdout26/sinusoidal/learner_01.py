import torch


def sinusoidal_encoding(T, d):
    """SELECT pos, i, f(pos, i) FROM positions CROSS JOIN frequencies, pivoted into a (T, d) table."""
    positions = torch.arange(T, dtype=torch.float64).unsqueeze(1)  # (T, 1)
    pair_index = torch.arange(0, d // 2, dtype=torch.float64).unsqueeze(0)  # (1, d / 2): the 2i column
    angle = positions / torch.pow(10000.0, pair_index / d)  # the cross join
    table = torch.zeros(T, d, dtype=torch.float64)
    table[:, 0::2] = torch.sin(angle)  # even columns
    table[:, 1::2] = torch.sin(angle)  # odd columns
    return table
