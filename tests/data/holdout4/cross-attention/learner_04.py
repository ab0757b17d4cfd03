import math

import torch


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    """Cross-attention (encoder-decoder): see TASK.md."""
    B, T, d = x.shape
    S = memory.shape[1]
    hd = d // n_heads
    q = (x @ w_q).view(B, T, n_heads, hd).transpose(1, 2)
    k = (memory @ w_k).view(B, S, n_heads, hd).transpose(1, 2)
    v = (memory @ w_v).view(B, S, n_heads, hd).transpose(1, 2)
    scores = q @ k.transpose(-2, -1) / math.sqrt(hd)
    if memory_mask is not None:
        scores = scores.masked_fill(~memory_mask[:, None, :, None], float("-inf"))
    attn = torch.softmax(scores, dim=-1).nan_to_num(0.0)
    out = (attn @ v).transpose(1, 2).reshape(B, T, d)
    return out @ w_o
