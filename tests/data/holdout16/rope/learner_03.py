import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    """RoPE (Su et al., 2021), interleaved pairs as in Meta's Llama.

    theta_i = base^{-2i/d},  (x_{2i}, x_{2i+1}) -> R(m theta_i) (x_{2i}, x_{2i+1}),
    R(phi) = [[cos phi, -sin phi], [sin phi, cos phi]].
    """
    T, d = x.shape[-2], x.shape[-1]
    m = np.arange(T) if positions is None else np.asarray(positions)
    i = np.arange(d // 2, dtype=np.float64)
    theta = base ** (-i / d)
    phi = m[:, None].astype(np.float64) * theta[None, :]
    cos_phi, sin_phi = np.cos(phi), np.sin(phi)
    x_even = x[..., 0::2].astype(np.float64)
    x_odd = x[..., 1::2].astype(np.float64)
    y = np.empty(x.shape, dtype=np.float64)
    y[..., 0::2] = x_even * cos_phi + x_odd * sin_phi
    y[..., 1::2] = x_even * sin_phi + x_odd * cos_phi
    return y.astype(x.dtype)
