import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    """y_{...i} = x_{...i} g_i / sqrt(<x_j x_j>/d + eps)."""
    d = x.shape[-1]
    ones = np.ones(d, dtype=x.dtype) / d
    ms = np.tensordot(x * x, ones, axes=([-1], [0]))      # ms_{...} = x_{...j} x_{...j} / d
    inv = 1.0 / np.sqrt(ms + eps)                          # inv_{...}
    return x * inv[..., None] * gamma                      # y_{...i} = x_{...i} inv_{...} g_i
