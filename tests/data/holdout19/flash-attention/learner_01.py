import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    (tq, d), tk = q.shape[-2:], k.shape[-2]
    m, l, o = np.full(q.shape[:-1] + (1,), -np.inf), np.zeros(q.shape[:-1] + (1,)), np.zeros(q.shape[:-1] + v.shape[-1:])
    for j in range(0, tk, block_size):
        s = q @ np.swapaxes(k[..., j:j + block_size, :], -1, -2) / d ** 0.5
        s = np.where(np.arange(j, j + s.shape[-1]) < np.arange(tq)[:, None] + tk - tq, s, -np.inf) if causal else s
        m2 = np.maximum(m, s.max(-1, keepdims=True)); ms = np.where(m2 == -np.inf, 0, m2)
        l, o, m = l * np.exp(m - ms) + np.exp(s - ms).sum(-1, keepdims=True), o * np.exp(ms - m) + np.exp(s - ms) @ v[..., j:j + block_size, :], m2
    return np.where(l > 0, o / np.where(l > 0, l, 1), 0).astype(q.dtype)
