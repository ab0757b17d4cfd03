import numpy as np


def _split(t, n_heads):
    B, L, d = t.shape
    return t.reshape(B, L, n_heads, d // n_heads).transpose(0, 2, 1, 3)


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    out_dtype = np.result_type(x, memory)
    x64, mem64 = np.asarray(x, dtype=np.float64), np.asarray(memory, dtype=np.float64)
    q = _split(x64 @ np.asarray(w_q, np.float64), n_heads)            # (B, h, T, dh)
    k = _split(mem64 @ np.asarray(w_k, np.float64), n_heads)          # (B, h, S, dh)
    v = _split(mem64 @ np.asarray(w_v, np.float64), n_heads)
    d_head = q.shape[-1]
    logits = np.matmul(q, np.swapaxes(k, -1, -2)) / np.sqrt(d_head)
    if memory_mask is None:
        valid = np.ones(logits.shape, dtype=bool)
    else:
        valid = np.broadcast_to(np.asarray(memory_mask, dtype=bool)[:, None, None, :], logits.shape)
    with np.errstate(invalid="ignore", divide="ignore"):
        logits = np.where(valid, logits, -np.inf)
        lse_max = np.max(logits, axis=-1, keepdims=True)
        lse_max = np.where(np.isfinite(lse_max), lse_max, 0.0)
        log_norm = np.log(np.add.reduce(np.exp(logits - lse_max), axis=-1, keepdims=True))
        weights = np.where(valid, np.exp(logits - log_norm), 0.0)
    ctx = np.matmul(weights, v).transpose(0, 2, 1, 3).reshape(x.shape[0], x.shape[1], -1)
    return ctx @ np.asarray(w_o, np.float64)
