import torch


def apply_rope(x, positions=None, base=10000.0):
    *_, T, d = x.shape
    pos = torch.arange(T) if positions is None else torch.as_tensor(positions)
    i = torch.arange(d // 2, dtype=torch.float64)
    theta = base ** (-2 * i / d)
    a = pos.to(torch.float64)[:, None] * theta
    c, s = a.cos().to(x.dtype), a.sin().to(x.dtype)
    even, odd = x[..., ::2], x[..., 1::2]
    rotated = torch.stack([even * c - odd * s, even * s + odd * c], dim=-2)
    return rotated.flatten(-2)
