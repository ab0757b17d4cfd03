import math

import torch


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    dh = d // n_heads
    q = x @ w_q
    k = x @ w_k
    v = x @ w_v
    concat = torch.zeros(B, T, d, dtype=x.dtype)          # preallocated concat of the heads
    for b in range(B):                                     # batch 1..B
        m = None
        if mask is not None:
            m = mask if mask.dim() == 2 else mask[0]
        for hh in range(n_heads):                          # head 1..n_heads
            lo, hi = hh * dh, (hh + 1) * dh                # columns lo+1..hi in 1-based terms
            s = q[b, :, lo:hi] @ k[b, :, lo:hi].T / math.sqrt(dh)
            if m is not None:
                s = s.masked_fill(~m, float("-inf"))
            mx = s.max(dim=1, keepdim=True).values
            mx = torch.where(torch.isinf(mx), torch.zeros_like(mx), mx)
            p = torch.exp(s - mx)
            tot = p.sum(dim=0, keepdim=True)
            tot[tot == 0] = 1.0
            concat[b, :, lo:hi] = (p / tot) @ v[b, :, lo:hi]
    return concat
