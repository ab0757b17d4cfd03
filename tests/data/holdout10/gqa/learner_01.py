import math

import torch


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    group = Hq // Hkv
    scale = 1 / math.sqrt(d)
    q_idx = torch.arange(Tq)
    k_idx = torch.arange(Tq)
    allowed = k_idx[None, :] <= q_idx[:, None] + (Tk - Tq)
    outs = []
    for j in range(Hq):
        kv = j // Hkv
        s = q[:, j] @ k[:, kv].transpose(-1, -2) * scale
        if causal:
            s = s.masked_fill(~allowed, float("-inf"))
        w = torch.softmax(s, dim=-1)
        w = torch.where(torch.isnan(w), torch.zeros_like(w), w)
        outs.append(w @ v[:, kv])
    return torch.stack(outs, dim=1)
