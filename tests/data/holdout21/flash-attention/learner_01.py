from dataclasses import dataclass

import numpy as np


@dataclass
class OnlineSoftmaxState:
    m: np.ndarray     # running row max
    l: np.ndarray     # running row sum
    acc: np.ndarray   # unnormalised output

    def update(self, s, vb):
        m_new = np.maximum(self.m, s.max(axis=-1, keepdims=True))
        m_safe = np.where(np.isfinite(m_new), m_new, 0.0)
        p = np.exp(s - m_safe)
        alpha = np.exp(m_safe - self.m)
        self.l = alpha * self.l + p.sum(axis=-1, keepdims=True)
        self.acc = alpha * self.acc + p @ vb
        self.m = m_new


def flash_attention(q, k, v, causal=False, block_size=64):
    Tq, Tk = q.shape[-2], k.shape[-2]
    lead = q.shape[:-2]
    state = OnlineSoftmaxState(m=np.full(lead + (Tq, 1), -np.inf), l=np.zeros(lead + (Tq, 1)),
                               acc=np.zeros(lead + (Tq, v.shape[-1])))
    scale = 1.0 / np.sqrt(q.shape[-1])
    qi = np.arange(Tq)[:, None]
    for j0 in range(0, Tk, block_size):
        kb, vb = k[..., j0:j0 + block_size, :], v[..., j0:j0 + block_size, :]
        s = np.matmul(q, np.swapaxes(kb, -1, -2)) * scale
        if causal:
            kj = np.arange(j0, j0 + kb.shape[-2])[None, :]
            s = np.where(kj <= qi + (Tk - Tq), s, -np.inf)
        state.update(s, vb)
    out = np.divide(state.acc, state.l, out=np.zeros_like(state.acc), where=state.l > 0)
    return out
