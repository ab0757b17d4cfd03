import math

import numpy as np


def split(t, h):
    b, n, d = t.shape
    return t.reshape(b, n, h, d // h).transpose(0, 2, 1, 3)


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    q, k, v = split(x @ w_q, n_heads), split(x @ w_k, n_heads), split(x @ w_v, n_heads)
    scores = q @ k.transpose(0, 1, 3, 2) / math.sqrt(q.shape[-1])
    if mask is not None:
        mask = np.asarray(mask)
        if mask.ndim == 2:
            mask = mask[None]
        scores = np.where(mask[:, None], scores, -np.inf)
    peak = scores.max(-1, keepdims=True)
    peak = np.where(np.isneginf(peak), 0, peak)
    w = np.exp(scores - peak)
    z = w.sum(-1, keepdims=True)
    w = w / np.where(z == 0, 1, z)
    ctx = (w @ v).transpose(0, 2, 1, 3)
    B, T = x.shape[:2]
    return ctx.reshape(B, T, -1)
