from typing import Final, Optional, Protocol

import numpy as np
from numpy.typing import NDArray

PAIR: Final[int] = 2


class AngleTable(Protocol):
    def __call__(self, positions: NDArray, d: int, base: float) -> NDArray: ...


def llama_angles(positions: NDArray, d: int, base: float) -> NDArray:
    inv_freq: NDArray = 1.0 / base ** (np.arange(0, d, PAIR, dtype=np.float64) / d)
    return np.outer(positions.astype(np.float64), inv_freq)


ANGLES: Final[AngleTable] = llama_angles


def apply_rope(x: NDArray, positions: Optional[NDArray] = None, base: float = 10000.0) -> NDArray:
    T, d = x.shape[-2], x.shape[-1]
    pos: NDArray = np.arange(T) if positions is None else np.arange(len(positions))
    angles = ANGLES(pos, d, base)
    cos, sin = np.cos(angles), np.sin(angles)
    pairs: NDArray = x.reshape(*x.shape[:-1], d // PAIR, PAIR)
    a, b = pairs[..., 0], pairs[..., 1]
    rotated = np.stack((a * cos - b * sin, a * sin + b * cos), axis=-2)
    return rotated.reshape(x.shape).astype(x.dtype)
