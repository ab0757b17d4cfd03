import math
import torch


def sinusoidal_encoding(T, d):
    rows = []
    for pos in range(T):
        row = []
        for i in range(d // 2):
            angle = pos / math.pow(10000, 2 * i / d)
            row += [math.sin(angle), math.cos(angle)]
        rows.append(row)
    return torch.tensor(rows, dtype=torch.float64).reshape(T, d)
