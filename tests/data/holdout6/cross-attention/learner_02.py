import math

import torch


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    """Cross-attention (encoder-decoder): see TASK.md."""
    B, T, d = x.shape
    S = memory.shape[1]
    dh = d // n_heads
    # fold the 1/sqrt(d_head) into the query weights so we don't scale the scores
    w_q /= math.sqrt(dh)
    q = (x @ w_q).view(B, T, n_heads, dh).transpose(1, 2)
    k = (memory @ w_k).view(B, S, n_heads, dh).transpose(1, 2)
    v = (memory @ w_v).view(B, S, n_heads, dh).transpose(1, 2)
    scores = q @ k.transpose(-2, -1)
    if memory_mask is not None:
        scores = scores.masked_fill(~memory_mask[:, None, None, :], float("-inf"))
    probs = torch.softmax(scores, dim=-1)
    probs = torch.where(torch.isnan(probs), torch.zeros_like(probs), probs)
    ctx = (probs @ v).transpose(1, 2).reshape(B, T, d)
    return ctx @ w_o
