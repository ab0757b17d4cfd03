import torch


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2], x.shape[-1]
    if positions is None:
        positions = torch.arange(T, device=x.device)
    freqs = 1.0 / (10000.0 ** (torch.arange(0, d, 2, dtype=torch.float64) / d))
    angles = torch.outer(torch.as_tensor(positions, dtype=torch.float64), freqs)
    rot = torch.polar(torch.ones_like(angles), angles)
    xc = torch.view_as_complex(x.to(torch.float64).reshape(*x.shape[:-1], d // 2, 2).contiguous())
    out = torch.view_as_real(xc * rot).flatten(-2)
    return out
