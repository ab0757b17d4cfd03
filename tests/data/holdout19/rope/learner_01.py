import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    *lead, T, d = x.shape                                                    # (..., T, d)
    m = np.arange(1, T + 1) if positions is None else np.asarray(positions)        # (T,)
    i = np.arange(d // 2)                                                    # (d/2,)
    theta = base ** (-np.linspace(0.0, 1.0, d // 2))                                           # (d/2,)
    ang = np.einsum("t,f->tf", m.astype(np.float64), theta)                  # (T, d/2)
    xp = x.reshape(*lead, T, d // 2, 2)                                      # (..., T, d/2, 2)
    c, s = np.cos(ang).astype(x.dtype), np.sin(ang).astype(x.dtype)          # (T, d/2)
    y0 = xp[..., 0] * c - xp[..., 1] * s                                     # (..., T, d/2)
    y1 = xp[..., 0] * s + xp[..., 1] * c                                     # (..., T, d/2)
    return np.stack([y0, y1], axis=-1).reshape(x.shape)                      # (..., T, d)
