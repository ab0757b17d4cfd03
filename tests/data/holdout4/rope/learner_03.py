import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    """Rotary position embedding (RoPE): see TASK.md."""
    T, d = x.shape[-2], x.shape[-1]
    if positions is None:
        positions = np.arange(T)
    theta = base ** (-np.arange(0, d, 2) / d)
    ang = np.asarray(positions)[:, None] * theta[None, :]
    cos, sin = np.cos(ang), np.sin(ang)
    even = x[..., 0::2].copy()
    odd = x[..., 1::2].copy()
    x[..., 0::2] = even * cos - odd * sin
    x[..., 1::2] = even * sin + odd * cos
    return x
