import math
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class TileSpec:
    Tq: int
    Tk: int
    d: int
    block: int
    causal: bool

    @property
    def scale(self):
        return 1.0 / math.sqrt(self.d)

    @property
    def offset(self):
        return self.Tk - self.Tq

    def tiles(self):
        return [(j, min(j + self.block, self.Tk)) for j in range(0, self.Tk - 1, self.block)]


@dataclass
class RunningSoftmax:
    m: np.ndarray
    l: np.ndarray
    acc: np.ndarray

    def update(self, s, vb):
        m_new = np.maximum(self.m, s.max(axis=-1, keepdims=True))
        base = np.where(np.isfinite(m_new), m_new, 0.0)
        p = np.exp(s - base)
        corr = np.exp(self.m - base)
        self.l = corr * self.l + p.sum(axis=-1, keepdims=True)
        self.acc = corr * self.acc + p @ vb
        self.m = s.max(axis=-1, keepdims=True)

    def result(self):
        return self.acc / np.where(self.l > 0.0, self.l, 1.0)


def flash_attention(q, k, v, causal=False, block_size=64):
    spec = TileSpec(q.shape[-2], k.shape[-2], q.shape[-1], block_size, causal)
    lead = q.shape[:-1]
    state = RunningSoftmax(m=np.full(lead + (1,), -np.inf, dtype=q.dtype), l=np.zeros(lead + (1,), dtype=q.dtype),
                           acc=np.zeros(lead + (v.shape[-1],), dtype=q.dtype))
    rows = np.arange(spec.Tq)[:, None]
    for j0, j1 in spec.tiles():
        s = q @ np.swapaxes(k[..., j0:j1, :], -1, -2) * spec.scale
        if spec.causal:
            s = np.where(np.arange(j0, j1)[None, :] <= rows + spec.offset, s, -np.inf)
        state.update(s, v[..., j0:j1, :])
    return state.result()
