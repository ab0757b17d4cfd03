from typing import NamedTuple

import numpy as np


class Grid(NamedTuple):
    positions: np.ndarray  # (T, 1)
    freqs: np.ndarray  # (1, d/2)

    @property
    def angles(self) -> np.ndarray:
        return self.positions / self.freqs


def make_grid(T: int, d: int) -> Grid:
    pos = np.arange(T, dtype=np.float64)[:, None]
    two_i = np.arange(0, d, 2, dtype=np.float64)[None, :]
    return Grid(pos, 1.0 / 10000.0 ** (two_i / d))


def sinusoidal_encoding(T, d):
    ang = make_grid(T, d).angles
    pe = np.zeros((T, d))
    pe[:, 0::2] = np.sin(ang)
    pe[:, 1::2] = np.cos(ang)
    return pe
