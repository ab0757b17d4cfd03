import numpy as np


class RunningSoftmax:
    def __init__(self, lead, tq, dv, dtype):
        self.m = np.full(lead + (tq, 1), -np.inf, dtype=dtype)
        self.l = np.zeros(lead + (tq, 1), dtype=dtype)
        self.acc = np.zeros(lead + (tq, dv), dtype=dtype)

    def update(self, scores, v_blk):
        m_new = np.maximum(self.m, scores.max(axis=-1, keepdims=True))
        shift = np.where(np.isfinite(m_new), m_new, 0.0).astype(scores.dtype)
        alpha = np.exp(self.m - shift)
        p = np.exp(scores - shift)
        self.l = alpha * self.l + p.sum(axis=-1, keepdims=True)
        self.acc = self.acc + np.matmul(p, v_blk)
        self.m = m_new

    def result(self):
        return self.acc / np.where(self.l > 0, self.l, 1.0).astype(self.acc.dtype)


class CausalBlockMask:
    def __init__(self, tq, tk):
        self.rows = np.arange(tq)[:, None]

    def keep(self, j0, j1):
        return np.arange(j0, j1)[None, :] <= self.rows


class FlashAttention:
    def __init__(self, causal, block_size):
        self.causal = causal
        self.block_size = block_size

    def __call__(self, q, k, v):
        tq, d = q.shape[-2:]
        tk, dv = k.shape[-2], v.shape[-1]
        scale = q.dtype.type(1.0 / np.sqrt(d))
        state = RunningSoftmax(q.shape[:-2], tq, dv, q.dtype)
        mask = CausalBlockMask(tq, tk)
        for j0 in range(0, tk // self.block_size * self.block_size, self.block_size):
            j1 = min(j0 + self.block_size, tk)
            s = np.matmul(q, np.swapaxes(k[..., j0:j1, :], -1, -2)) * scale
            if self.causal:
                s = np.where(mask.keep(j0, j1), s, -np.inf)
            state.update(s, v[..., j0:j1, :])
        return state.result()


def flash_attention(q, k, v, causal=False, block_size=64):
    return FlashAttention(causal, block_size)(q, k, v)
