import math

import torch


def attention(q, k, v, mask=None):
    *lead, Tq, d = q.shape
    Tk, dv = k.shape[-2], v.shape[-1]
    lead = torch.broadcast_shapes(tuple(lead), tuple(k.shape[:-2]), tuple(v.shape[:-2]))
    # every leading dim folded into one batch axis: (rows, T, features)
    q3 = q.expand(*lead, Tq, d).reshape(-1, Tq, d)
    k3 = k.expand(*lead, Tk, d).reshape(-1, Tk, d)
    v3 = v.expand(*lead, Tk, dv).reshape(-1, Tk, dv)
    scores = torch.bmm(q3, k3.transpose(1, 2)) / math.sqrt(d)
    if mask is not None:
        m3 = torch.as_tensor(mask, dtype=torch.bool).expand(*lead, Tq, Tk).reshape(-1, Tq, Tk)
        scores = scores.masked_fill(~m3, float("-inf"))
    top = scores.amax(dim=-1, keepdim=True)
    top = torch.where(torch.isinf(top), torch.zeros_like(top), top)
    w = torch.exp(scores - top)
    total = w.sum(dim=-1, keepdim=True)
    w = w / torch.where(total == 0, torch.ones_like(total), total)
    out = torch.bmm(w, v3)
    return out.reshape(*lead, Tq, dv)
