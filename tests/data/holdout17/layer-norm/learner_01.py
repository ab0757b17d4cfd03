from dataclasses import dataclass

import torch

DEFAULT_EPS: float = 1e-5


@dataclass(frozen=True)
class NormStats:
    mean: torch.Tensor
    var: torch.Tensor


def _stats(x: torch.Tensor) -> NormStats:
    """Mean and biased variance over the last dimension."""
    mean = x.mean(dim=-1, keepdim=True)
    var = ((x - mean) ** 2).mean(dim=-1, keepdim=True)
    return NormStats(mean=mean, var=var)


def _check(x: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor) -> None:
    """Raise if the affine parameters do not match the feature dimension."""
    d = x.shape[-1]
    if tuple(gamma.shape) != (d,) or tuple(beta.shape) != (d,):
        raise ValueError(f"gamma and beta must have shape ({d},)")


def layer_norm(x: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, eps: float = DEFAULT_EPS) -> torch.Tensor:
    _check(x, gamma, beta)
    stats = _stats(x)
    x_hat = (x - stats.mean) / torch.sqrt(stats.var + eps)
    return gamma * x_hat + beta
