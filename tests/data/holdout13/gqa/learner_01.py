import math
import torch


def expand(t, rep):
    return t.repeat(1, rep, 1, 1)


def grouped_query_attention(q, k, v, causal=False):
    rep = q.shape[1] // k.shape[1]
    k, v = expand(k, rep), expand(v, rep)
    Tq, Tk = q.shape[-2], k.shape[-2]
    s = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
    if causal:
        allowed = torch.ones(Tq, Tk, dtype=torch.bool).tril()
        s = s.masked_fill(~allowed, float("-inf"))
    w = torch.softmax(s, dim=-1)
    w = torch.nan_to_num(w)
    return w @ v
