import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    """Rotary position embedding (RoPE): see TASK.md."""
    T, d = x.shape[-2], x.shape[-1]
    if positions is None:
        positions = np.arange(T)
    i = np.arange(d // 2)
    theta = base ** (-2.0 * i / d)                         # (d/2,)
    angle = np.asarray(positions, dtype=np.float64)[:, None] * theta[None, :]   # (T, d/2)
    cos, sin = np.cos(angle), np.sin(angle)
    x0 = x[..., 0::2]
    x1 = x[..., 1::2]
    out = np.empty_like(x)
    out[..., 0::2] = x0 * cos - x1 * sin
    out[..., 1::2] = x0 * sin + x1 * cos
    return out
