import torch


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2], x.shape[-1]
    if positions is None:
        positions = torch.arange(T)
    i = torch.arange(d // 2, dtype=torch.float64)
    theta = base ** (-2 * i / d)
    angles = torch.outer(positions.to(torch.float64), theta)
    rot = torch.polar(torch.ones_like(angles), angles)
    pairs = torch.view_as_complex(x.to(torch.float64).reshape(*x.shape[:-1], d // 2, 2).contiguous())
    out = torch.view_as_real(pairs * rot).reshape(x.shape)
    return out.to(x.dtype)
