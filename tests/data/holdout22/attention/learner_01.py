import math
import torch


def attention(q, k, v, mask=None):
    """softmax(q @ k^T / sqrt(d)) @ v, one batch row and one query at a time."""
    Tq = q.shape[-2]
    Tk = k.shape[-2]
    d = q.shape[-1]
    dv = v.shape[-1]
    lead = q.shape[:-2]
    qf = q.reshape(-1, Tq, d)
    kf = k.reshape(-1, Tk, d)
    vf = v.reshape(-1, Tk, dv)
    nb = qf.shape[0]
    if mask is None:
        mf = torch.ones(nb, Tq, Tk, dtype=torch.bool)
    else:
        mf = torch.broadcast_to(torch.as_tensor(mask), (*lead, Tq, Tk)).reshape(nb, Tq, Tk)
    out = torch.zeros(nb, Tq, dv)
    scale = 1.0 / d
    for b in range(nb):
        for i in range(Tq):
            if not bool(mf[b, i].any()):
                continue
            s = torch.empty(Tk, dtype=q.dtype)
            for j in range(Tk):
                s[j] = torch.dot(qf[b, i], kf[b, j]) * scale
            s = torch.where(mf[b, i], s, torch.tensor(float("-inf"), dtype=q.dtype))
            m = torch.max(s)
            e = torch.exp(s - m)
            out[b, i] = (e / torch.sum(e)) @ vf[b]
    return out.reshape(*lead, Tq, dv)
