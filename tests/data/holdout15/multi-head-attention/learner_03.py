import numpy as np


class _HeadLayout:
    def __init__(self, n_heads, d_model):
        self.h = n_heads
        self.dh = d_model // n_heads

    def split(self, t):
        b, s, _ = t.shape
        return t.reshape(b, s, self.h, self.dh).transpose(0, 2, 1, 3)

    def merge(self, t):
        b, _, s, _ = t.shape
        return t.transpose(0, 2, 1, 3).reshape(b, s, self.h * self.dh)


def _masked_softmax(scores, allowed):
    if allowed is not None:
        scores = np.where(allowed, scores, -np.inf)
    top = scores.max(axis=-1, keepdims=True)
    top = np.where(np.isfinite(top), top, 0.0)
    ex = np.exp(scores - top)
    tot = ex.sum(axis=-1, keepdims=True)
    return ex / np.where(tot == 0.0, 1.0, tot)


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    layout = _HeadLayout(n_heads, x.shape[-1])
    q, k, v = (layout.split(x @ w) for w in (w_q, w_k, w_v))
    allowed = None
    if mask is not None:
        allowed = mask[None, None] if mask.ndim == 2 else mask[:, None]
    scores = q @ k.transpose(0, 1, 3, 2) / np.sqrt(layout.dh).astype(x.dtype)
    return layout.merge(_masked_softmax(scores, allowed) @ v) @ w_o
