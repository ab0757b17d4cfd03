import torch


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2], x.shape[-1]
    pos = torch.arange(T) if positions is None else torch.as_tensor(positions)
    pos = pos.to(torch.float64)
    freq = torch.pow(10000.0, -torch.arange(0, d, 2, dtype=torch.float64) / d)
    theta = torch.outer(pos, freq)
    cos = torch.cos(theta)
    sin = torch.sin(theta)
    x2 = x.double().unflatten(-1, (d // 2, 2))
    a, b = x2[..., 0], x2[..., 1]
    y = torch.stack((a * cos - b * sin, a * sin + b * cos), dim=-1)
    return y.flatten(-2).to(x.dtype)
