import torch


def apply_rope(x, positions=None, base=10000.0):
    seq_len = x.shape[0]
    dim = x.shape[-1]
    if positions is None:
        positions = torch.arange(seq_len)
    freqs = base ** (-torch.arange(0, dim, 2, dtype=torch.float64) / dim)
    angles = torch.outer(positions.to(torch.float64), freqs)  # (T, dim/2)
    cos = torch.cos(angles).to(x.dtype)
    sin = torch.sin(angles).to(x.dtype)

    # view the last dim as dim/2 pairs
    xr = x.reshape(*x.shape[:-1], dim // 2, 2)
    a, b = xr[..., 0], xr[..., 1]
    rotated = torch.stack([a * cos - b * sin, a * sin + b * cos], dim=-1)
    return rotated.reshape(x.shape)
