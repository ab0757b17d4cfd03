import numpy as np


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    b, t, d = x.shape
    hd = d // n_heads
    end = start_pos + t
    positions = np.arange(start_pos, end)
    freq = 1.0 / 10000 ** (np.arange(hd // 2) / hd)
    angle = np.outer(positions, freq)
    c, s = np.cos(angle)[:, None, :], np.sin(angle)[:, None, :]

    def rotate(z):
        z = z.reshape(b, t, n_heads, hd // 2, 2)
        a, bb = z[..., 0], z[..., 1]
        return np.stack([a * c - bb * s, a * s + bb * c], axis=-1).reshape(b, t, n_heads, hd)

    q = rotate(x @ w_q)
    k = rotate(x @ w_k)
    v = (x @ w_v).reshape(b, t, n_heads, hd)
    ck = np.array(cache_k)
    cv = np.array(cache_v)
    ck[:, start_pos:end] = k
    cv[:, start_pos:end] = v
    heads = []
    for h in range(n_heads):
        kh = ck[:, :end, h]
        vh = cv[:, :end, h]
        sc = q[:, :, h] @ kh.transpose(0, 2, 1) / np.sqrt(hd)
        for i in range(t):
            sc[:, i, start_pos + i:] = -np.inf
        sc = np.exp(sc - sc.max(axis=-1, keepdims=True))
        sc = sc / sc.sum(axis=-1, keepdims=True)
        heads.append(sc @ vh)
    out = np.concatenate(heads, axis=-1)
    return (out @ w_o).astype(x.dtype), ck, cv
