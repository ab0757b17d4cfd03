import torch


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2:]
    pos = torch.arange(T)
    ang = pos[:, None].double() * base ** (-torch.arange(0, d, 2).double() / d)
    c, s = ang.cos(), ang.sin()
    a, b = x[..., ::2], x[..., 1::2]
    return torch.stack((a * c - b * s, a * s + b * c), -1).flatten(-2)
