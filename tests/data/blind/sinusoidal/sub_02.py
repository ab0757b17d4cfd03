import math
import torch


def sinusoidal_encoding(T, d):
    rows = []
    for pos in range(T):
        row = []
        for i in range(0, d, 2):
            angle = pos / (10000 ** (i / d))
            row.append(math.sin(angle))
            if i + 1 < d:
                row.append(math.cos(angle))
        rows.append(row)
    return torch.tensor(rows, dtype=torch.float64)
