import numpy as np


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    dh = d // n_heads
    half = dh // 2
    Kc = np.array(cache_k, copy=True)
    Vc = np.array(cache_v, copy=True)
    Q = np.dot(x, w_q).reshape(B, T, n_heads, dh)
    Kn = np.dot(x, w_k).reshape(B, T, n_heads, dh)
    Vn = np.dot(x, w_v).reshape(B, T, n_heads, dh)
    theta = np.power(10000.0, -2.0 * np.arange(half) / dh)     # theta_i, i = 0 .. dh/2 - 1
    for t in range(T):
        m = start_pos + t                                       # absolute position of token t
        C = np.cos(m * theta)
        S = np.sin(m * theta)
        for A in (Q, Kn):
            ev = A[:, t, :, 0::2].copy()
            od = A[:, t, :, 1::2].copy()
            A[:, t, :, 0::2] = ev * C + od * S
            A[:, t, :, 1::2] = ev * S + od * C
    Kc[:, start_pos:start_pos + T] = Kn
    Vc[:, start_pos:start_pos + T] = Vn
    L = start_pos + T
    Y = np.zeros((B, T, d))
    for b in range(B):
        for h in range(n_heads):
            Qh = Q[b, :, h, :]                                  # T x dh
            Kh = Kc[b, :L, h, :]                                # L x dh
            Vh = Vc[b, :L, h, :]
            E = np.dot(Qh, Kh.T) / np.sqrt(dh)
            for t in range(T):
                E[t, t + 1:] = -np.inf              # no keys from the future
            E = np.exp(E - E.max(axis=1, keepdims=True))
            Y[b, :, h * dh:(h + 1) * dh] = np.dot(E / E.sum(axis=1, keepdims=True), Vh)
    return np.dot(Y, w_o).astype(x.dtype), Kc, Vc
