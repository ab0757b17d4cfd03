import math
import torch


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    dh = d // n_heads

    def heads(t):
        return t.view(B, T, n_heads, dh).transpose(1, 2)

    q, k, v = heads(x @ w_q), heads(x @ w_k), heads(x @ w_v)
    scores = q @ k.transpose(-1, -2) / math.sqrt(dh)
    if mask is not None:
        m = mask if mask.dim() == 2 else mask[0]
        scores = scores.masked_fill(~m, float("-inf"))
    attn = scores.softmax(dim=-1).nan_to_num(nan=0.0)
    out = (attn @ v).reshape(B, T, d)
    return out @ w_o
