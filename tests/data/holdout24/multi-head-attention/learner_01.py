import math
import torch


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, C = x.shape
    q = (x @ w_q).view(B, T, n_heads, C // n_heads).transpose(1, 2)
    k = (x @ w_k).view(B, T, n_heads, C // n_heads).transpose(1, 2)
    v = (x @ w_v).view(B, n_heads, T, C // n_heads)
    att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
    if mask is not None:
        att = att.masked_fill(~(mask if mask.dim() == 2 else mask[:, None]), float('-inf'))
    att = torch.softmax(att, dim=-1)
    y = (att @ v).transpose(1, 2).contiguous().view(B, T, C)
    return y @ w_o
