import math

import torch


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    """Multi-head attention from weight matrices: see TASK.md."""
    B, T, d = x.shape
    hd = d // n_heads
    q = (x @ w_q).reshape(B, T, n_heads, hd).permute(0, 2, 1, 3)
    k = (x @ w_k).reshape(B, T, n_heads, hd).permute(0, 2, 1, 3)
    v = (x @ w_v).reshape(B, T, n_heads, hd).permute(0, 2, 1, 3)
    att = q @ k.transpose(-1, -2) / math.sqrt(hd)
    if mask is not None:
        m = mask if mask.dim() == 2 else mask[:, None]
        att = att.masked_fill(m == 0, float("-inf"))
    att = att.softmax(dim=-1)
    y = att @ v  # (B, H, T, hd)
    y = y.reshape(B, T, d)
    return y @ w_o
