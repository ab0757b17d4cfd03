import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    """Tiled attention with an online softmax (the FlashAttention idea): see TASK.md."""
    Tq, D = q.shape[-2:]
    Tk = k.shape[-2]
    batch_shape = q.shape[:-2]
    M = np.full(batch_shape + (Tq, 1), -np.inf)
    L = np.zeros(batch_shape + (Tq, 1))
    O = np.zeros(batch_shape + (Tq, v.shape[-1]))
    rows = np.arange(Tq).reshape(-1, 1)
    for b0 in range(0, Tk, block_size):
        b1 = min(b0 + block_size, Tk)
        S = q @ np.swapaxes(k[..., b0:b1, :], -1, -2) / np.sqrt(D)
        if causal:
            cols = np.arange(b0, b1).reshape(1, -1)
            S = np.where(cols < rows + (Tk - Tq), S, -np.inf)
        M_new = np.maximum(M, S.max(axis=-1, keepdims=True))
        ref = np.where(np.isfinite(M_new), M_new, 0)
        P = np.exp(S - ref)
        scale_old = np.exp(M - ref)
        L = L * scale_old + P.sum(axis=-1, keepdims=True)
        O = O * scale_old + P @ v[..., b0:b1, :]
        M = M_new
    L[L == 0] = 1
    return (O / L).astype(np.float32)
