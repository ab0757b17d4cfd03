import math

import torch


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    """Cross-attention (encoder-decoder): see TASK.md."""
    B, T, d = x.shape
    S = memory.shape[1]
    d_head = d // n_heads

    def split(t, L):
        return t.view(B, L, n_heads, d_head).transpose(1, 2)

    q = split(x @ w_q, T)
    k = split(memory @ w_k, S)
    v = split(memory @ w_v, S)
    scores = q @ k.transpose(-1, -2) / math.sqrt(d_head)
    if memory_mask is not None:
        keep = memory_mask[:, None, :, None]
        scores = scores.masked_fill(~keep, float("-inf"))
    scores = scores - scores.amax(dim=-2, keepdim=True).nan_to_num(0.0, neginf=0.0)
    weights = torch.exp(scores)
    weights = weights / weights.sum(dim=-1, keepdim=True).clamp_min(1e-30)
    ctx = (weights @ v).transpose(1, 2).reshape(B, T, d)
    return ctx @ w_o
