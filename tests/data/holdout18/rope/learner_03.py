import numpy as np

freqs = lambda d, base: base ** (-np.arange(0, d, 2) / d)


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2:]
    p = np.arange(T) if positions is None else np.asarray(positions)
    z = x[..., :d // 2] + 1j * x[..., d // 2:]
    z = z * np.exp(1j * np.outer(p, freqs(d, base)))
    out = x
    out[..., 0::2], out[..., 1::2] = z.real, z.imag
    return out
