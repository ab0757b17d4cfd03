import math

import torch


def sinusoidal_encoding(T, d):
    rows = []
    for pos in range(T):
        row = []
        for col in range(d):
            pair = col - col % 2
            angle = pos / math.pow(10000.0, pair / d)
            row.append(math.sin(angle) if col % 2 == 0 else math.cos(angle))
        rows.append(row)
    return torch.tensor(rows, dtype=torch.float64).reshape(T, d)
