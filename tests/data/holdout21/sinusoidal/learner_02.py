import numpy as np


def sinusoidal_encoding(T, d):
    """Vaswani et al. sec. 3.5: PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(...)."""
    pos = np.arange(T, dtype=np.float64)[:, None]   # (T, 1)
    two_i = np.arange(0, d // 2, dtype=np.float64)    # 2i = 0, 2, ..., d-2
    omega = 10000.0 ** (-two_i / d)                 # eq. 3.5 frequencies
    A = pos * omega[None, :]                        # (T, d/2) angles
    PE = np.empty((T, d), dtype=np.float64)
    PE[:, 0::2] = np.sin(A)
    PE[:, 1::2] = np.cos(A)
    return PE
