import math
import torch


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    S = memory.shape[1]
    dh = d // n_heads
    q = (x @ w_q).view(B, T, n_heads, dh)
    k = (memory @ w_k).view(B, S, n_heads, dh)
    v = (memory @ w_v).view(B, S, n_heads, dh)
    scores = torch.einsum("bthe,bshe->bhts", q, k) / math.sqrt(dh)
    if memory_mask is not None:
        scores = scores.masked_fill(~memory_mask.bool()[:, None, None, :], float("-inf"))
    attn = torch.softmax(scores, dim=-1).nan_to_num(0.0)
    out = torch.einsum("bhts,bshe->bthe", attn, v).reshape(B, T, d)
    return out @ w_o
