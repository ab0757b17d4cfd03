import math

import torch


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    d_head = d // n_heads

    def split(t):
        return t.view(B, T, n_heads, d_head).transpose(1, 2)

    q, k, v = split(x @ w_q), split(x @ w_k), split(x @ w_v)
    scores = q @ k.transpose(-2, -1) / math.sqrt(n_heads)
    if mask is not None:
        m = mask if mask.dim() == 2 else mask.unsqueeze(1)
        scores = scores.masked_fill(~m, float("-inf"))
    probs = torch.softmax(scores, dim=-1).nan_to_num(0.0)
    out = (probs @ v).transpose(1, 2).reshape(B, T, d)
    return out @ w_o
