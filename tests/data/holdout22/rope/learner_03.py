import torch


def apply_rope(x, positions=None, base=10000.0):
    """Rotary position embedding (RoPE): see TASK.md."""
    T = x.shape[-2]
    d = x.shape[-1]
    half = d // 2
    if positions is None:
        positions = torch.arange(T)
    out = torch.empty_like(x)
    for i in range(half):
        theta = base ** (-2.0 * i / half)
        ang = torch.as_tensor(positions).to(torch.float64) * theta
        c = torch.cos(ang).to(x.dtype)
        s = torch.sin(ang).to(x.dtype)
        a = x[..., 2 * i]
        b = x[..., i + half]
        out[..., 2 * i] = a * c - b * s
        out[..., 2 * i + 1] = a * s + b * c
    return out
