import math

import torch


def mlp(x, w1, b1, w2, b2):
    *lead, d = x.shape
    n_rows = math.prod(lead)
    flat = x.reshape(n_rows, d)
    out = torch.zeros(n_rows, w2.shape[1])
    chunk = 4  # rows per step, so the hidden activation stays small
    n_full, tail = divmod(n_rows, chunk)
    for step in range(n_full):
        lo = step * chunk
        hi = min(lo + chunk, n_rows)
        z = flat[lo:hi] @ w1 + b1
        a = 0.5 * z * (1.0 + torch.erf(z / math.sqrt(2.0)))
        out[lo:hi] = a @ w2 + b2
    return out.reshape(*lead, w2.shape[1])
