import torch


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2:]
    idx = torch.arange(0, d, 2, dtype=torch.float64) / d
    theta = 1.0 / (base ** idx)
    m = torch.arange(T, dtype=torch.float64)
    angles = m[:, None] * theta[None, :]
    c, s = angles.cos().to(x.dtype), angles.sin().to(x.dtype)
    xe, xo = x[..., 0::2], x[..., 1::2]
    out = torch.empty_like(x)
    out[..., 0::2] = xe * c - xo * s
    out[..., 1::2] = xe * s + xo * c
    return out
