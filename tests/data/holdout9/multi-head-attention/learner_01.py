import math

import torch


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    """Multi-head attention from weight matrices: see TASK.md."""
    B, T, d = x.shape
    hd = d // n_heads
    q = (x @ w_q).view(B, T, n_heads, hd).transpose(1, 2)
    k = (x @ w_k).view(B, T, n_heads, hd).transpose(1, 2)
    v = (x @ w_v).view(B, T, n_heads, hd).transpose(1, 2)
    att = q @ k.transpose(-2, -1) / math.sqrt(hd)
    if mask is not None:
        if mask.dim() == 3:
            mask = mask.unsqueeze(0)
        att = att.masked_fill(~mask, float("-inf"))
    att = torch.softmax(att, dim=-1).nan_to_num(0.0)
    y = (att @ v).transpose(1, 2).reshape(B, T, d)
    return y @ w_o
