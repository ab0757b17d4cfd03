import math
import torch


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    k = torch.cat([k] * (Hq // Hkv), dim=1)
    v = torch.cat([v] * (Hq // Hkv), dim=1)
    s = q @ k.transpose(-2, -1) / math.sqrt(d)
    if causal:
        s = s.masked_fill(torch.ones(Tq, Tk).triu(1).bool(), float("-inf"))
    w = s.softmax(-1)
    return torch.where(torch.isnan(w), 0.0, w) @ v
