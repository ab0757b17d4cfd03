import numpy as np


def alibi_bias(n_heads, T):
    exps = np.array([-8 * (h + 1) / n_heads for h in range(n_heads)])
    slopes = np.exp(exps)
    pos_q = np.arange(T)
    pos_k = np.arange(T)
    dist = np.abs(pos_q[:, None] - pos_k[None, :])
    return -slopes[:, None, None] * dist[None, :, :]
