from dataclasses import dataclass

import torch


@dataclass(frozen=True)
class NormConfig:
    dim: int
    eps: float = 1e-6

    @property
    def axis(self):
        return -1


def rms_norm(x, gamma, eps=1e-6):
    cfg = NormConfig(dim=x.shape[0], eps=eps)
    mean_sq = torch.sum(x * x, dim=cfg.axis, keepdim=True) / cfg.dim
    return x.mul_(gamma) / torch.sqrt(mean_sq + cfg.eps)
