from functools import reduce

import numpy as np


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2:]
    pos = np.arange(T) if positions is None else np.asarray(positions)
    theta = np.array(list(map(lambda i: base ** (-2.0 * i / d), range(0, d, 2))))
    ang = np.multiply.outer(pos.astype(np.float64), theta)
    cos, sin = (f(ang) for f in (np.cos, np.sin))
    x0, x1 = (x[..., j::2].astype(np.float64) for j in (1, 0))
    parts = zip((x0 * cos - x1 * sin, x0 * sin + x1 * cos), (0, 1))
    put = lambda acc, pj: (acc.__setitem__((Ellipsis, slice(pj[1], None, 2)), pj[0]), acc)[1]
    return reduce(put, parts, np.empty(x.shape)).astype(x.dtype)
