import math

import torch


def apply_rope(x, positions=None, base=10000.0):
    T = x.shape[-2]
    d = x.shape[-1]
    half = d // 2
    if positions is None:
        positions = torch.arange(T)
    cosv = torch.empty(T, half, dtype=torch.float64)       # preallocated tables (T, d/2)
    sinv = torch.empty(T, half, dtype=torch.float64)
    for t in range(T):                                      # rows 1..T
        p = float(positions[t])
        for i in range(half):                               # pairs 1..d/2
            theta = 10000.0 ** (-2.0 * i / d)
            cosv[t, i] = math.cos(p * theta)
            sinv[t, i] = math.sin(p * theta)
    out = x
    for i in range(half):                                   # pair i = (2i, 2i+1), 0-based here
        xe = x[..., 2 * i]
        xo = x[..., 2 * i + 1]
        c = cosv[:, i].to(x.dtype)
        s = sinv[:, i].to(x.dtype)
        out[..., 2 * i] = xe * c - xo * s
        out[..., 2 * i + 1] = xo * c - xe * s
    return out
