import math

import torch
import torch.nn.functional as F


def grouped_query_attention(q, k, v, causal=False):
    n_rep = q.shape[1] // k.shape[1]
    k = k.repeat_interleave(n_rep, dim=1)
    v = v.repeat_interleave(n_rep, dim=1)
    Tq, Tk = q.shape[-2], k.shape[-2]
    att = (q @ k.transpose(-2, -1)) / math.sqrt(q.shape[-1])
    if causal:
        mask = torch.ones(Tq, Tk, dtype=torch.bool, device=q.device).tril()
        att = att.masked_fill(~mask, float("-inf"))
    att = F.softmax(att, dim=-1)
    att = torch.nan_to_num(att, nan=0.0)
    return att @ v
