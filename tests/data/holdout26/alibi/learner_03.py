import math
from typing import Final

import torch

Tensor_t = torch.Tensor
kSlopeSpan: Final[float] = 8.0


def head_slope(h: int, n_heads: int) -> float:
    exponent: float = -kSlopeSpan * float(h) / float(n_heads)
    return math.pow(2.0, exponent)


def slopes_vector(n_heads: int) -> Tensor_t:
    values: list = [head_slope(h, n_heads) for h in range(n_heads)]
    return torch.tensor(values, dtype=torch.float64)


def distance_matrix(T: int) -> Tensor_t:
    idx: Tensor_t = torch.arange(T, dtype=torch.float64)
    rows: Tensor_t = idx.view(T, 1)
    cols: Tensor_t = idx.view(1, T)
    return (rows - cols).clamp(min=0)


def alibi_bias(n_heads, T):
    m: Tensor_t = slopes_vector(int(n_heads)).view(-1, 1, 1)
    dist: Tensor_t = distance_matrix(int(T)).unsqueeze(0)
    return -(m * dist)
