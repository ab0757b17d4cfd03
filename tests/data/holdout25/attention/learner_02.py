import math

import torch


def attention(q, k, v, mask=None):
    # SSA form: every value assigned once, one op per line
    t0 = k.transpose(-2, -1)                                   # %kT
    t1 = torch.matmul(q, t0)                                   # %s = q kT
    t2 = 1.0 / math.sqrt(v.shape[-1])                          # %c = 1/sqrt(d)
    t3 = t1 * t2                                               # %z = s * c
    t4 = torch.ones_like(t3, dtype=torch.bool) if mask is None else torch.broadcast_to(mask, t3.shape)   # %keep
    t5 = t3.masked_fill(t4, float("-inf"))                    # %zm
    t6 = t5.amax(dim=-2, keepdim=True)                         # %m
    t7 = torch.where(torch.isfinite(t6), t6, torch.zeros_like(t6))   # %m0 (dead rows -> 0)
    t8 = torch.exp(t5 - t7)                                    # %e
    t9 = t8.sum(dim=-1, keepdim=True)                          # %l
    t10 = torch.where(t9 > 0, t9, torch.ones_like(t9))         # %l1 (no 0/0)
    t11 = t8 / t10                                             # %p
    t12 = torch.matmul(t11, v)                                 # %o
    return t12
