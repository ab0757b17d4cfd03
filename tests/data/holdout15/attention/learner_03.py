import numpy as np


def _row_softmax(row):
    best = -np.inf
    for val in row:
        if val > best:
            best = val
    if best == -np.inf:
        return np.full_like(row, 1.0 / len(row))
    out = np.exp(row - best)
    return out / out.sum()


def attention(q, k, v, mask=None):
    Tq, d = q.shape[-2], q.shape[-1]
    Tk, dv = k.shape[-2], v.shape[-1]
    if mask is None:
        mask = np.ones((Tq, Tk), dtype=bool)
    lead = np.broadcast_shapes(q.shape[:-2], k.shape[:-2], v.shape[:-2], mask.shape[:-2])
    Q = np.broadcast_to(q, lead + (Tq, d)).reshape(-1, Tq, d)
    K = np.broadcast_to(k, lead + (Tk, d)).reshape(-1, Tk, d)
    V = np.broadcast_to(v, lead + (Tk, dv)).reshape(-1, Tk, dv)
    M = np.broadcast_to(mask, lead + (Tq, Tk)).reshape(-1, Tq, Tk)
    out = np.zeros((Q.shape[0], Tq, dv), dtype=q.dtype)
    scale = 1.0 / d
    for b in range(Q.shape[0]):
        for i in range(Tq):
            scores = np.full(Tk, -np.inf)
            for j in range(Tk):
                if M[b, i, j]:
                    scores[j] = np.dot(Q[b, i], K[b, j]) * scale
            p = _row_softmax(scores)
            out[b, i] = p @ V[b]
    return out.reshape(lead + (Tq, dv))
