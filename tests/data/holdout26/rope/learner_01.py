import torch


def _angles(T, d, positions, base, device):
    if d % 2:
        return None, f"d must be even, got {d}"
    if positions is None:
        positions = torch.arange(T, device=device)
    if positions.shape[0] != T:
        return None, f"positions has {positions.shape[0]} entries for T={T}"
    i = torch.arange(0, d, 2, dtype=torch.float64, device=device)
    theta = 10000.0 ** (-i / d)
    return positions.to(torch.float64)[:, None] * theta[None, :], None


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2], x.shape[-1]
    ang, err = _angles(T, d, positions, base, x.device)
    if err is not None:
        raise ValueError(err)
    cos = torch.cos(ang).to(x.dtype)
    sin = torch.sin(ang).to(x.dtype)
    x_even, x_odd = x[..., 0::2], x[..., 1::2]
    rot_even = x_even * cos - x_odd * sin
    rot_odd = x_even * sin + x_odd * cos
    return torch.cat((rot_even, rot_odd), dim=-1)
