import numpy as np


def sinusoidal_encoding(T, d):
    """PE[p, 2i] = sin(p * w_i), PE[p, 2i+1] = cos(p * w_i), w_i = 10000^(-2i/d)."""
    pos = np.arange(T, dtype=np.float64)                    # p
    two_i = np.arange(0, d // 2, dtype=np.float64)            # 2i
    omega = np.power(10000.0, -two_i / d)                   # w_i
    phase = np.tensordot(pos, omega, axes=0)                # phase_{p i} = p w_i  (outer product)
    pe = np.stack([np.sin(phase), np.cos(phase)], axis=1)  # pe_{p i s}, s in {sin, cos}
    return pe.reshape(T, d)                                 # (p, i, s) -> (p, 2i + s)
