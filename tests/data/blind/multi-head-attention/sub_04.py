import math
import torch


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    dh = d // n_heads
    q = (x @ w_q).view(B, T, dh, n_heads).permute(0, 3, 1, 2)
    k = (x @ w_k).view(B, T, dh, n_heads).permute(0, 3, 1, 2)
    v = (x @ w_v).view(B, T, dh, n_heads).permute(0, 3, 1, 2)
    att = q @ k.transpose(-2, -1) / math.sqrt(dh)
    if mask is not None:
        m = mask if mask.dim() == 3 else mask.unsqueeze(0)
        att = att.masked_fill(~m.unsqueeze(1), float("-inf"))
    att = torch.softmax(att, dim=-1).nan_to_num(0.0)
    out = (att @ v).permute(0, 2, 1, 3).reshape(B, T, d)
    return out @ w_o
