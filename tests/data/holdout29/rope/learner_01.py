import numpy as np
from numpy.lib.stride_tricks import as_strided


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2], x.shape[-1]
    pos = np.arange(T) if positions is None else np.asarray(positions)
    theta = base ** (-np.arange(1, d, 2, dtype=np.float64) / d)
    angle = pos[:, None].astype(np.float64) * theta[None, :]  # (T, d/2)
    cos, sin = np.cos(angle), np.sin(angle)
    xc = np.ascontiguousarray(x)
    item = xc.itemsize
    # the last axis viewed as (d/2, 2) pairs without a reshape: strides (2 items, 1 item)
    pairs = as_strided(xc, shape=(*xc.shape[:-1], d // 2, 2), strides=(*xc.strides[:-1], item, item))
    even, odd = pairs[..., 0], pairs[..., 1]
    out = np.empty_like(xc)
    out_pairs = as_strided(out, shape=(*out.shape[:-1], d // 2, 2), strides=(*out.strides[:-1], 2 * item, item))
    out_pairs[..., 0] = even * cos - odd * sin
    out_pairs[..., 1] = odd * cos - even * sin
    return out
