import numpy as np


def flash_attention(q, k, v, causal=False, block_size=64):
    """Tiled attention with an online softmax (the FlashAttention idea): see TASK.md."""
    Tq, d = q.shape[-2:]
    Tk = k.shape[-2]
    out_shape = q.shape[:-1] + (v.shape[-1],)
    row_max = np.full(q.shape[:-1] + (1,), -np.inf)
    row_sum = np.zeros(q.shape[:-1] + (1,))
    acc = np.zeros(out_shape)
    offset = Tk - Tq
    for j in range(0, Tk, block_size):
        kj = k[..., j:j + block_size, :]
        vj = v[..., j:j + block_size, :]
        s = np.matmul(q, np.swapaxes(kj, -1, -2)) / np.sqrt(d)
        if causal:
            rows = np.arange(Tq)[:, None]
            cols = np.arange(j, j + kj.shape[-2])[None, :]
            s = np.where(cols <= rows + offset, s, -np.inf)
        new_max = np.maximum(row_max, s.max(axis=-1, keepdims=True))
        safe = np.where(np.isneginf(new_max), 0.0, new_max)
        p = np.exp(s - safe)
        corr = np.exp(safe - row_max)
        row_sum = row_sum * corr + p.sum(axis=-1, keepdims=True)
        acc = acc * corr + np.matmul(p, vj)
        row_max = new_max
    row_sum[row_sum == 0] = 1.0
    return (acc / row_sum).astype(q.dtype)
