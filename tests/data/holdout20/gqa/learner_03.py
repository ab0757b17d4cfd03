from functools import reduce

import torch


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    group = Hq // Hkv
    expand = lambda t: t.repeat_interleave(group, dim=1)
    k_all, v_all = map(expand, (k, v))
    scores = torch.matmul(q, k_all.transpose(-1, -2)) * d ** -0.5
    if causal:
        keep = torch.ones(Tq, Tk, dtype=torch.bool, device=q.device).tril(Tk - Tq)
        scores = scores.masked_fill(~keep, float("-inf"))
    steps = [
        lambda s: s - torch.nan_to_num(s.amax(dim=-1, keepdim=True), neginf=0.0),
        torch.exp,
        lambda e: e / e.sum(dim=-1, keepdim=True).clamp_min(torch.finfo(e.dtype).tiny),
    ]
    weights = reduce(lambda acc, f: f(acc), steps, scores)
    return torch.matmul(weights, v_all)
