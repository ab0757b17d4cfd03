import enum

import torch


class Stat(enum.Enum):
    MEAN = enum.auto()
    VAR = enum.auto()


def _stat(x, which):
    match which:
        case Stat.MEAN:
            return x.mean(dim=-1, keepdim=True)
        case Stat.VAR:
            return x.var(dim=-1, keepdim=True, correction=0)


def layer_norm(x, gamma, beta, eps=1e-5):
    mu = _stat(x, Stat.MEAN)
    var = _stat(x, Stat.VAR)
    x_hat = (x - mu) / (var.sqrt() + eps)
    return gamma * (x_hat + beta)
