import numpy as np


class _Softmax:
    """Row softmax that leaves an all-masked row at zero."""

    def __init__(self, axis=-1):
        self.axis = axis

    def __call__(self, s):
        top = s.max(axis=self.axis, keepdims=True)
        top[~np.isfinite(top)] = 0
        e = np.exp(s - top)
        total = e.sum(axis=self.axis, keepdims=True)
        total[total == 0] = 1
        return e / total


class _ScaledDotProduct:
    def __init__(self, q, k, v, mask):
        self.q, self.k, self.v, self.mask = q, k, v, mask

    def scores(self):
        d = self.q.shape[-1]
        s = self.q @ np.swapaxes(self.k, -1, -2) / np.sqrt(d)
        if self.mask is not None:
            s = np.where(self.mask, s, -1e9)
        return s

    def run(self):
        w = _Softmax(axis=-2)(self.scores())
        return (w @ self.v).astype(self.q.dtype, copy=False)


def attention(q, k, v, mask=None):
    return _ScaledDotProduct(q, k, v, mask).run()
