import torch
import torch.nn.functional as F


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    S = memory.size(1)
    hd = d // n_heads
    q = (x @ w_q).view(B, T, n_heads, hd).transpose(1, 2)
    k = (memory @ w_k).view(B, S, n_heads, hd).transpose(1, 2)
    v = (memory @ w_v).view(B, S, n_heads, hd).transpose(1, 2)
    att = q @ k.transpose(-2, -1) / hd ** 0.5
    if memory_mask is not None:
        att = att.masked_fill(~memory_mask[:, None, :, None], float("-inf"))
    att = F.softmax(att, dim=-1)
    out = (att @ v).transpose(1, 2).reshape(B, T, d)
    return out @ w_o
