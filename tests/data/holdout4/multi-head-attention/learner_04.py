import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    """Multi-head attention from weight matrices: see TASK.md."""
    B, T, d = x.shape
    dh = d // n_heads

    def split(t):  # (B, T, d) -> (B, H, T, dh)
        return t.reshape(B, T, n_heads, dh).transpose(0, 2, 1, 3)

    q, k, v = split(x @ w_q), split(x @ w_k), split(x @ w_v)
    s = q @ k.transpose(0, 1, 3, 2) / np.sqrt(dh)
    if mask is not None:
        m = mask if mask.ndim == 2 else mask[:, None, :, :]
        s = np.where(m, s, -np.inf)
    mx = s.max(axis=-1, keepdims=True)
    mx = np.where(np.isfinite(mx), mx, 0.0)
    e = np.exp(s - mx)
    z = e.sum(axis=-1, keepdims=True)
    p = e / np.where(z == 0, 1.0, z)
    heads = (p @ v).transpose(0, 2, 1, 3).reshape(B, T, d)
    return (heads @ w_o).astype(x.dtype)
