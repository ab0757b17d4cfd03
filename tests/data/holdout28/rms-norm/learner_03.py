from typing import NamedTuple

import torch


class RMSStats(NamedTuple):
    mean_square: torch.Tensor
    eps: float

    @property
    def inv_rms(self) -> torch.Tensor:
        return torch.rsqrt(self.mean_square + self.eps)


def stats(x: torch.Tensor, eps: float) -> RMSStats:
    return RMSStats(x.pow(2).sum(dim=-1, keepdim=True), eps)


def rms_norm(x, gamma, eps=1e-6):
    s = stats(x, eps)
    return x * s.inv_rms * gamma
