import numpy as np


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    dh = d // n_heads
    end = start_pos + T
    pos = np.arange(start_pos, end)
    freq = 1.0 / 10000 ** (np.arange(dh // 2) * 2 / d)
    rot = np.exp(1j * np.outer(pos, freq))[None, :, None, :]  # (1, T, 1, dh/2)

    def rope(t):
        z = t[..., 0::2] + 1j * t[..., 1::2]
        z = z * rot
        r = np.stack([z.real, z.imag], axis=-1).reshape(t.shape)
        return r.astype(t.dtype)

    q = rope((x @ w_q).reshape(B, T, n_heads, dh))
    k = rope((x @ w_k).reshape(B, T, n_heads, dh))
    v = (x @ w_v).reshape(B, T, n_heads, dh)
    ck = np.array(cache_k, copy=False)
    cv = np.array(cache_v, copy=True)
    ck[:, start_pos:end] = k
    cv[:, start_pos:end] = v
    out = np.zeros((B, T, n_heads, dh), dtype=x.dtype)
    for h in range(n_heads):
        s = q[:, :, h] @ ck[:, :end, h].transpose(0, 2, 1) / np.sqrt(dh)
        s[:, np.arange(end)[None, :] > pos[:, None]] = -np.inf
        s = np.exp(s - s.max(axis=-1, keepdims=True))
        s = s / s.sum(axis=-1, keepdims=True)
        out[:, :, h] = s @ cv[:, :end, h]
    return out.reshape(B, T, d) @ w_o, ck, cv
