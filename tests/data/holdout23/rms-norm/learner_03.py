import torch

_REDUCE_DIM: int = -1


def _mean_square(x: torch.Tensor) -> torch.Tensor:
    return x.pow(2).mean(dim=_REDUCE_DIM, keepdim=True)


def rms_norm(x: torch.Tensor, gamma: torch.Tensor, eps: float = 1e-6) -> torch.Tensor:
    assert x.shape[-1] == gamma.shape[0], "gamma must match the last dim"
    denom = torch.sqrt(_mean_square(x)) + eps
    y = x / denom * gamma
    assert y.shape == x.shape
    return y
