import numpy as np
from typing import NamedTuple


class NormShape(NamedTuple):
    rows: int
    features: int


def layer_norm(x, gamma, beta, eps=1e-5):
    assert x.ndim >= 1, "x must have a feature axis"
    assert gamma.shape == (x.shape[-1],), "gamma must be (d,)"
    assert beta.shape == (x.shape[-1],), "beta must be (d,)"
    shape = NormShape(int(np.prod(x.shape[:-1], dtype=np.int64)), x.shape[-1])
    flat = x.reshape(shape.rows, shape.features)
    mean = flat.mean(axis=1, keepdims=True)
    centred = flat - np.broadcast_to(mean, shape)
    var = (centred * centred).mean(axis=1, keepdims=True)
    inv_std = 1.0 / (np.sqrt(var) + eps)
    y = centred * np.broadcast_to(inv_std, shape)
    y = y * np.broadcast_to(gamma, shape) + np.broadcast_to(beta, shape)
    return y.reshape(x.shape).astype(x.dtype, copy=False)
