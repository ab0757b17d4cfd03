import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    """x'_{t,2i+a} = R(m_t theta_i)_{ab} x_{t,2i+b}, a, b in {0, 1}."""
    T, d = x.shape[-2:]
    m = np.arange(1, T + 1) if positions is None else np.asarray(positions)
    theta = base ** (-np.arange(d // 2) * 2.0 / d)                   # theta_i
    phi = np.tensordot(m, theta, axes=0)                             # phi_{t i} = m_t theta_i
    c, s = np.cos(phi), np.sin(phi)
    R = np.stack([np.stack([c, s], -1), np.stack([-s, c], -1)], -2)  # R_{t i a b}
    pairs = x.reshape(x.shape[:-1] + (d // 2, 2))                    # x_{... t i b}
    out = np.einsum("tiab,...tib->...tia", R, pairs)
    return out.reshape(x.shape).astype(x.dtype)
