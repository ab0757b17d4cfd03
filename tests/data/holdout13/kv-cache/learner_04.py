import numpy as np


def _rope(t, positions, base=10000.0):
    hd = t.shape[-1]
    freqs = base ** (-np.arange(hd // 2) * 2.0 / hd)
    a = np.outer(positions, freqs)
    c, s = np.cos(a)[:, None, :], np.sin(a)[:, None, :]
    even, odd = t[..., ::2], t[..., 1::2]
    r = np.stack([even * c - odd * s, even * s + odd * c], axis=-1)
    return r.reshape(t.shape)


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    dh = d // n_heads
    positions = start_pos + np.arange(T)
    q = _rope((x @ w_q).reshape(B, T, n_heads, dh), positions)
    k = _rope((x @ w_k).reshape(B, T, n_heads, dh), positions)
    v = (x @ w_v).reshape(B, T, n_heads, dh)
    ck, cv = np.copy(cache_k), np.copy(cache_v)
    ck[:, start_pos:start_pos + T] = k
    cv[:, start_pos:start_pos + T] = v
    L = start_pos + T
    heads = []
    for h in range(n_heads):
        s = np.einsum("btd,bsd->bts", q[:, :, h], ck[:, :L, h]) / np.sqrt(dh)
        s[:, np.triu(np.ones((T, L), dtype=bool), k=start_pos + 1)] = -np.inf
        w = np.exp(s - s.max(axis=-1, keepdims=True))
        w = w / w.sum(axis=-1, keepdims=True)
        heads.append(np.einsum("bts,bsd->btd", w, cv[:, :L, h]))
    out = np.concatenate(heads, axis=-1) @ w_o
    return out.astype(x.dtype), cache_k, cache_v
