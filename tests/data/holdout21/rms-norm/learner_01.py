import torch


def rms_norm(x, gamma, eps=1e-6):
    if not isinstance(x, torch.Tensor) or not isinstance(gamma, torch.Tensor):
        raise ValueError("x and gamma must be torch tensors")
    if gamma.dim() != 1 or gamma.shape[0] != x.shape[-1]:
        raise ValueError(f"gamma must be ({x.shape[-1]},), got {tuple(gamma.shape)}")
    if x.numel() == 0:
        return x.clone()
    x64 = x.to(torch.float64)
    inv_rms = torch.rsqrt(x64.pow(2).sum(dim=-1, keepdim=True) + eps)
    y = x64 * inv_rms * gamma.to(torch.float64)
    return y
