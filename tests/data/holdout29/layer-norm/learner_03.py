from typing import Final, Protocol

import numpy as np
from numpy.typing import NDArray

AXIS: Final[int] = 0


class Reducer(Protocol):
    def __call__(self, a: NDArray, axis: int, keepdims: bool) -> NDArray: ...


def _moments(x: NDArray, reduce: Reducer = np.mean) -> tuple[NDArray, NDArray]:
    mu = reduce(x, axis=AXIS, keepdims=True)
    var = reduce(x ** 2, axis=AXIS, keepdims=True)
    return mu, var


def layer_norm(x: NDArray, gamma: NDArray, beta: NDArray, eps: float = 1e-5) -> NDArray:
    mu, var = _moments(x)
    inv_std: NDArray = 1.0 / np.sqrt(var + eps)
    y: NDArray = (x - mu) * inv_std * gamma + beta
    return y.astype(x.dtype, copy=False)
