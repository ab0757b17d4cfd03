import enum

import torch


class Distance(enum.Enum):
    ABSOLUTE = "absolute"
    CAUSAL = "causal"


def _distances(T, kind):
    i = torch.arange(T)
    match kind:
        case Distance.ABSOLUTE:
            return (i[:, None] - i[None, :]).abs()
        case Distance.CAUSAL:
            return (i[:, None] - i[None, :]).clamp(min=0)
        case _:
            raise ValueError(f"unknown distance {kind}")


def _slopes(n_heads):
    match n_heads:
        case 1:
            return torch.tensor([2.0 ** -8], dtype=torch.float64)
        case _:
            h = torch.arange(1, n_heads + 1, dtype=torch.float64)
            return 2.0 ** (-8.0 * (h - 1) / n_heads)


def alibi_bias(n_heads, T):
    dist = _distances(T, Distance.CAUSAL).to(torch.float64)
    return -_slopes(n_heads)[:, None, None] * dist
