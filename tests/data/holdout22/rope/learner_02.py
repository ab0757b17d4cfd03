import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    """RoFormer (Su et al.) eq. 34: R_{Theta,m}^d x, pairs (x_{2i}, x_{2i+1})."""
    T, d = x.shape[-2], x.shape[-1]
    m = np.arange(T) if positions is None else np.asarray(positions)
    # Theta = {theta_i = base^{-2(i-1)/d}, i = 1..d/2}
    theta = base ** (-np.arange(0, d, 2) / d)
    m_theta = m[:, None] * theta[None, :]
    cos, sin = np.cos(m_theta).astype(x.dtype), np.sin(m_theta).astype(x.dtype)
    x_even, x_odd = x[..., 0::2], x[..., 1::2]
    out = np.empty_like(x)
    # [x_{2i}, x_{2i+1}] -> [x_{2i} cos - x_{2i+1} sin, x_{2i} sin + x_{2i+1} cos]
    out[..., 0::2] = x_even * cos + x_odd * sin
    out[..., 1::2] = x_even * sin + x_odd * cos
    return out
