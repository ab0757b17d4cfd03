import math

import torch

DEBUG = False


def log(name, t):
    if DEBUG:
        print(f"{name:>10s} {tuple(t.shape)} {t.dtype}")


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    group = Hq // Hkv
    log("q", q)
    k = k.repeat_interleave(group, dim=1)
    v = v.repeat(1, group, 1, 1)
    log("k shared", k)
    scores = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(d)
    if causal:
        visible = torch.ones(Tq, Tk, dtype=torch.bool, device=q.device).tril()
        scores = scores.masked_fill(~visible, float("-inf"))
    log("scores", scores)
    weights = torch.softmax(scores, dim=-1)
    weights = torch.nan_to_num(weights, nan=0.0)
    log("weights", weights)
    return torch.matmul(weights, v)
