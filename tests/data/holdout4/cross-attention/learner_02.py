import math

import torch


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    """Cross-attention (encoder-decoder): see TASK.md."""
    B, T, d = x.shape
    S = memory.shape[1]
    hd = d // n_heads
    q = (x @ w_q).reshape(B, T, n_heads, hd).permute(0, 2, 1, 3)
    k = (memory @ w_k).reshape(B, S, n_heads, hd).permute(0, 2, 1, 3)
    v = (memory @ w_v).reshape(B, S, n_heads, hd).permute(0, 2, 1, 3)
    scores = torch.einsum("bhtd,bhsd->bhts", q, k) / math.sqrt(hd)
    if memory_mask is not None:
        scores = scores.masked_fill(~memory_mask[:, None, None, :], -1e9)
    attn = torch.softmax(scores, dim=-1)
    out = torch.einsum("bhts,bhsd->bhtd", attn, v)
    out = out.permute(0, 2, 1, 3).reshape(B, T, d)
    return out @ w_o
