import numpy as np


def _softmax(a):
    a = a - a.max(-1, keepdims=True)
    a = np.exp(a)
    return a / a.sum(-1, keepdims=True)


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, D = x.shape
    dh = D // n_heads

    q = x @ w_q
    k = memory @ w_k
    v = x @ w_v

    heads = []
    for h in range(n_heads):
        sl = slice(h * dh, (h + 1) * dh)
        s = q[:, :, sl] @ k[:, :, sl].transpose(0, 2, 1) / np.sqrt(D)  # (B, T, S)
        if memory_mask is not None:
            s = np.where(memory_mask[:, None, :], s, -np.inf)
        with np.errstate(invalid="ignore"):
            p = _softmax(s)
        p = np.nan_to_num(p)  # memory that is all padding -> nan -> 0
        heads.append(p @ v[:, :, sl])

    out = np.concatenate(heads, axis=-1) @ w_o
    return out.astype(x.dtype)
