import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    """Rotary position embedding (RoPE): see TASK.md."""
    T, d = x.shape[-2], x.shape[-1]
    pos = np.arange(T)
    i = np.arange(d // 2)
    theta = base ** (-2 * i / d)
    ang = np.outer(pos, theta)
    c, s = np.cos(ang), np.sin(ang)
    x1, x2 = x[..., ::2], x[..., 1::2]
    out = np.empty_like(x)
    out[..., ::2] = x1 * c + x2 * s
    out[..., 1::2] = -x1 * s + x2 * c
    return out
