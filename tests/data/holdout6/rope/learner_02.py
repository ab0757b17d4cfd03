import torch


def apply_rope(x, positions=None, base=10000.0):
    """Rotary position embedding (RoPE): see TASK.md."""
    T, d = x.shape[-2:]
    if positions is None:
        positions = torch.arange(T)
    freqs = base ** (-torch.arange(d // 2, dtype=torch.float64) / d)
    angles = positions.to(torch.float64)[:, None] * freqs[None, :]
    cos = torch.cos(angles).to(x.dtype)
    sin = torch.sin(angles).to(x.dtype)
    pairs = x.reshape(*x.shape[:-1], d // 2, 2)
    a, b = pairs[..., 0], pairs[..., 1]
    rotated = torch.stack([a * cos - b * sin, a * sin + b * cos], dim=-1)
    return rotated.reshape(x.shape)
