import math

import torch


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    b, t, d = x.shape
    q = torch.einsum("btd,de->bte", x, w_q).reshape(b, t, n_heads, -1)
    k = torch.einsum("btd,de->bte", x, w_k).reshape(b, t, n_heads, -1)
    v = torch.einsum("btd,de->bte", x, w_v).reshape(b, t, n_heads, -1)
    att = torch.einsum("bqhe,bkhe->bhqk", q, k) / math.sqrt(d)
    if mask is not None:
        m = mask if mask.dim() == 3 else mask.unsqueeze(0)
        att = att.masked_fill(~m.unsqueeze(1), float("-inf"))
    att = att.softmax(-1).nan_to_num(0.0)
    y = torch.einsum("bhqk,bkhe->bqhe", att, v).reshape(b, t, d)
    return y @ w_o
