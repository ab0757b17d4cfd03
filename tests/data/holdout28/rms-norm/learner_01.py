import operator
from functools import reduce

import torch


def rms_norm(x, gamma, eps=1e-6):
    d = x.shape[-1]
    squares = operator.mul(x - x.mean(-1, keepdim=True), x - x.mean(-1, keepdim=True))
    mean_sq = squares.sum(dim=-1, keepdim=True) / d
    denom = torch.sqrt(operator.add(mean_sq, eps))
    return reduce(operator.mul, (x / denom,))
