import torch


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2], x.shape[-1]
    if positions is None:
        positions = torch.arange(T, device=x.device)
    theta = base ** (-torch.arange(0, d, 2, dtype=torch.float32) / d)
    ang = positions[:, None].float() * theta[None, :]
    cos = ang.cos().repeat(1, 2).to(x.dtype)
    sin = ang.sin().repeat(1, 2).to(x.dtype)
    x_even = x[..., 0::2]
    x_odd = x[..., 1::2]
    rot = torch.stack((-x_odd, x_even), dim=-1).flatten(-2)
    return x * cos + rot * sin
