import torch


def rms_norm(x: torch.Tensor, gamma: torch.Tensor, eps: float = 1e-6) -> torch.Tensor:
    inv = torch.rsqrt(x.pow(2).sum(-1, keepdim=True) + eps)
    return x * inv * gamma
