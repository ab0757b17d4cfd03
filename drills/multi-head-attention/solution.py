import numpy as np
def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, D = x.shape
    dh = D // n_heads
    def split(t):
        return t.reshape(B, T, n_heads, dh).transpose(0, 2, 1, 3)
    q, k, v = split(x @ w_q), split(x @ w_k), split(x @ w_v)
    s = q @ k.transpose(0, 1, 3, 2) / dh ** 0.5  # a Python float: np.sqrt(dh) would promote float32 to float64
    if mask is not None:
        m = mask if mask.ndim == 2 else mask[:, None]
        s = np.where(m, s, -np.inf)
    top = s.max(axis=-1, keepdims=True)
    w = np.exp(s - np.where(np.isfinite(top), top, 0))  # a mask row all False: its -inf row gives 0s
    total = w.sum(axis=-1, keepdims=True)
    w = np.divide(w, total, out=np.zeros_like(w), where=total > 0)  # ... and zeros out, not 0/0
    out = w @ v
    return out.transpose(0, 2, 1, 3).reshape(B, T, D) @ w_o
