import torch


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2], x.shape[-1]
    if positions is None:
        positions = torch.arange(T, device=x.device)
    inv_freq = base ** (-torch.arange(0, d // 2, dtype=torch.float64) * 2 / d)
    ang = torch.outer(positions.double(), inv_freq).repeat_interleave(2, dim=-1)
    rotated = torch.stack((x[..., 1::2], -x[..., 0::2]), dim=-1).reshape(x.shape)
    return (x * ang.cos() + rotated * ang.sin()).to(x.dtype)
