import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    """RoFormer (Su et al.), eq. 34: rotate (x_2i, x_2i+1) by m * theta_i, theta_i = base^(-2i/d)."""
    T, d = x.shape[-2], x.shape[-1]
    m = np.arange(T) if positions is None else np.asarray(positions)
    theta = base ** (-np.arange(0, d, 2) / d)          # (d/2,)
    A = np.einsum("t,i->ti", m.astype(np.float64), theta)  # (T, d/2) angles m * theta_i
    C, S = np.cos(A), np.sin(A)
    X0, X1 = x[..., 0::2], x[..., 1::2]
    Y = np.empty_like(x)
    Y[..., 0::2] = X0 * C - X1 * S                      # eq. 34, first row of R
    Y[..., 1::2] = X0 * S + X1 * C                      # second row of R
    return Y
