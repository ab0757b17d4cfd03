import math
import torch


def sinusoidal_encoding(T, d):
    """Sinusoidal positional encoding: see TASK.md."""
    pe = torch.zeros(T, d, dtype=torch.float64)
    half = d // 2
    for pos in range(T):
        for i in range(half):
            angle = pos / (10000.0 ** (2 * i // d))
            pe[pos, 2 * i] = math.sin(angle)
            pe[pos, 2 * i + 1] = math.cos(angle)
    return pe
