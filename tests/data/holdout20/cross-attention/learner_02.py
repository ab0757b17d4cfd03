import numpy as np


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    S = memory.shape[1]
    dh = d // n_heads
    out = np.zeros((B, T, d), dtype=np.float64)
    for b in range(B):
        Q = np.dot(x[b], w_q)  # (T, d)
        K = np.dot(memory[b], w_k)  # (S, d)
        V = np.dot(memory[b], w_v)
        if memory_mask is None:
            keep = np.ones((1, S), dtype=bool)
        else:
            keep = np.reshape(memory_mask[b], (1, S))  # row vector over the keys
        heads = []
        for h in range(n_heads):
            cols = slice(h * dh, (h + 1) * dh)  # MATLAB (h-1)*dh+1 : h*dh
            A = np.dot(Q[:, cols], np.transpose(K[:, cols])) / np.sqrt(dh)
            A = np.where(keep, A, -np.inf)
            mx = np.max(A, axis=1, keepdims=True)
            mx[~np.isfinite(mx)] = 0.0
            E = np.exp(A - mx)
            Z = np.sum(E, axis=0, keepdims=True)
            Z[Z == 0.0] = 1.0
            heads.append(np.dot(E / Z, V[:, cols]))
        out[b] = np.dot(np.hstack(heads), np.transpose(w_o))
    return out.astype(x.dtype)
