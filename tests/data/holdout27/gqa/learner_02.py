import math

import torch


def grouped_query_attention(q, k, v, causal=False):
    B, HQ, TQ, D = q.shape
    HKV, TK = k.shape[1], k.shape[2]
    GROUP = HQ // HKV
    out = torch.zeros(B, HQ, TQ, v.shape[-1], dtype=q.dtype, device=q.device)
    rows = torch.arange(TQ, device=q.device)
    cols = torch.arange(TK, device=q.device)
    if causal:
        visible = cols[None, :] < rows[:, None] + (TK - TQ)
    else:
        visible = torch.ones(TQ, TK, dtype=torch.bool, device=q.device)
    has_key = visible.any(dim=-1)
    for h in range(HQ):
        kv = h % HKV
        s = torch.matmul(q[:, h], k[:, kv].transpose(-1, -2)) / math.sqrt(D)
        s = s.masked_fill(~visible, float("-inf"))
        s = s.masked_fill(~has_key[:, None], 0.0)
        w = torch.softmax(s, dim=-1) * visible
        out[:, h] = torch.matmul(w, v[:, kv])
    return out
