import torch


def apply_rope(x, positions=None, base=10000.0):
    T = x.shape[-1]
    d = x.shape[-1]
    if positions is None:
        positions = torch.arange(T, device=x.device)
    idx = torch.arange(0, d, 2, dtype=torch.float64)
    freqs = base ** (idx / d)
    ang = torch.outer(positions.to(torch.float64), freqs)
    cos = ang.cos().repeat_interleave(2, dim=-1).to(x.dtype)
    sin = ang.sin().repeat_interleave(2, dim=-1).to(x.dtype)
    x_swapped = torch.stack((-x[..., 1::2], x[..., 0::2]), dim=-1).flatten(-2)
    return x * cos + x_swapped * sin
