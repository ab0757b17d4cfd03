import math
from functools import reduce

import torch


def _split(t, h):
    return torch.stack(t.chunk(h, dim=-1), dim=1)


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    q, k, v = map(lambda pair: _split(pair[0] @ pair[1], n_heads), zip((x, memory, memory), (w_q, w_k, w_v)))
    s = q @ k.transpose(-1, -2) / math.sqrt(q.shape[-1])
    if memory_mask is not None:
        s = s.masked_fill(~memory_mask[:, None, None, :], float("-inf"))
    p = torch.softmax(s, dim=-1).nan_to_num(0.0)
    heads = torch.unbind(p @ v, dim=1)
    return reduce(lambda acc, t: torch.cat((t, acc), dim=-1), heads[1:], heads[0]) @ w_o
