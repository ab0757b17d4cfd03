import torch


def apply_rope(x, positions=None, base=10000.0):
    *_, T, d = x.shape
    if positions is None:
        positions = torch.arange(1, T + 1)
    i = torch.arange(d // 2, dtype=torch.float64)
    theta = base ** (-2 * i / d)
    ang = positions.to(torch.float64)[:, None] * theta
    z = torch.view_as_complex(x.to(torch.float64).reshape(*x.shape[:-1], d // 2, 2).contiguous())
    z = z * torch.polar(torch.ones_like(ang), -ang)
    return torch.view_as_real(z).reshape(x.shape).to(x.dtype)
