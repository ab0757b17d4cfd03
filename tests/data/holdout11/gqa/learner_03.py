import torch


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    group = Hq // Hkv
    k = k.repeat(1, group, 1, 1)
    v = v.repeat_interleave(group, dim=1)
    scores = q @ k.transpose(-2, -1) / d ** 0.5
    if causal:
        keep = torch.ones(Tq, Tk, dtype=torch.bool, device=q.device).tril(Tq - Tk)
        scores = scores.masked_fill(~keep, float("-inf"))
    w = torch.softmax(scores, dim=-1)
    w = torch.nan_to_num(w)
    return w @ v
