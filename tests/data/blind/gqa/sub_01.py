import math
import torch


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    _, Hkv, Tk, _ = k.shape
    n_rep = Hq // Hkv
    k = k.repeat(1, n_rep, 1, 1)
    v = v.repeat(1, n_rep, 1, 1)
    att = torch.matmul(q, k.transpose(2, 3)) / math.sqrt(d)
    if causal:
        i = torch.arange(Tq)[:, None]
        j = torch.arange(Tk)[None, :]
        att = att.masked_fill(j > i + (Tk - Tq), float("-inf"))
    att = torch.softmax(att, dim=-1).nan_to_num(0.0)
    return torch.matmul(att, v)
