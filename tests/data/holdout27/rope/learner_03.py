from functools import reduce

import numpy as np


def compose(*fns):
    return reduce(lambda f, g: lambda a: g(f(a)), fns)


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2:]
    pos = np.arange(T) if positions is None else np.asarray(positions)
    to_exponent = lambda i: 2.0 * (i + 1) / d
    to_freq = lambda e: np.power(10000.0, -e)
    freqs = compose(to_exponent, to_freq)(np.arange(d // 2))
    angles = np.outer(pos, freqs)
    cos, sin = np.cos(angles), np.sin(angles)
    as_pairs = lambda a: a.reshape(a.shape[:-1] + (d // 2, 2))
    rotate = lambda p: np.stack([p[..., 0] * cos - p[..., 1] * sin, p[..., 0] * sin + p[..., 1] * cos], axis=-1)
    flatten = lambda r: r.reshape(x.shape)
    return compose(as_pairs, rotate, flatten)(x)
