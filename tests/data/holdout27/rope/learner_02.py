import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2], x.shape[-1]
    # %% [1] positions m (0 .. T - 1 unless given)
    s1_m = np.arange(T)
    # %% [2] theta_i = base ** (-2i / d), i = 0 .. d/2 - 1
    s2_theta = base ** (-2.0 * np.arange(d // 2) / d)
    # %% [3] angles m * theta_i, shape (T, d / 2)
    s3_ang = s1_m[:, None].astype(np.float64) * s2_theta[None, :]
    s3_cos, s3_sin = np.cos(s3_ang).astype(x.dtype), np.sin(s3_ang).astype(x.dtype)
    # %% [4] the pairs (x[2i], x[2i + 1])
    s4_even, s4_odd = x[..., 0::2], x[..., 1::2]
    # %% [5] rotate each pair and interleave them back
    s5_out = np.empty_like(x)
    s5_out[..., 0::2] = s4_even * s3_cos + s4_odd * s3_sin
    s5_out[..., 1::2] = s4_even * s3_sin + s4_odd * s3_cos
    return s5_out
