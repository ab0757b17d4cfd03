import torch


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2], x.shape[-1]
    if positions is None:
        positions = torch.arange(1, T + 1)
    half = torch.arange(d // 2, dtype=torch.float64)
    freqs = base ** (-2.0 * half / d)
    angles = positions.double().unsqueeze(-1) * freqs
    c = angles.cos().to(x.dtype)
    s = angles.sin().to(x.dtype)
    pairs = x.unflatten(-1, (d // 2, 2))
    a, b = pairs[..., 0], pairs[..., 1]
    return torch.stack((a * c - b * s, a * s + b * c), dim=-1).flatten(-2)
