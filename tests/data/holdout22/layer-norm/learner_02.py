import numpy as np

ROW_BLOCK = 64


def layer_norm(x, gamma, beta, eps=1e-5):
    """LayerNorm over the last dim, computed a block of rows at a time."""
    d = x.shape[-1]
    rows = x.reshape(-1, d)
    out = np.empty_like(rows)
    n_rows = rows.shape[0]
    for start in range(0, n_rows, ROW_BLOCK):
        block = rows[start:start + ROW_BLOCK]
        mean = block.mean(axis=1, keepdims=True)
        var = block.var(axis=1, ddof=1, keepdims=True)
        out[start:start + ROW_BLOCK] = gamma * (block - mean) / np.sqrt(var + eps) + beta
    return out.reshape(x.shape)
