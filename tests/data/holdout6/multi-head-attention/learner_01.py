import math

import torch


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    """Multi-head attention from weight matrices: see TASK.md."""
    B, T, d = x.shape
    d_head = d // n_heads

    def heads(t):
        return t.view(B, T, n_heads, d_head).permute(0, 2, 1, 3)

    q, k, v = heads(x @ w_q), heads(x @ w_k), heads(x @ w_v)
    scores = q @ k.transpose(-1, -2) / math.sqrt(d_head)
    if mask is not None:
        m = mask if mask.dim() == 3 else mask.unsqueeze(0)
        scores = scores.masked_fill(~m.unsqueeze(1), float("-inf"))
    probs = torch.softmax(scores, dim=-1).nan_to_num(0.0)
    out = (probs @ v).permute(0, 2, 1, 3).reshape(B, T, d)
    return out @ w_o
