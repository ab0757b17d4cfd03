import torch
import torch.nn.functional as F


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    S = memory.size(1)
    dh = d // n_heads
    q = (x @ w_q).view(B, T, n_heads, dh).transpose(1, 2)
    k = (memory @ w_k).view(B, S, n_heads, dh).transpose(1, 2)
    v = (memory @ w_v).view(B, S, n_heads, dh).transpose(1, 2)
    scores = q @ k.transpose(-2, -1) * dh ** -0.5
    if memory_mask is not None:
        scores = scores.masked_fill(memory_mask[:, None, None, :], float("-inf"))
    attn = F.softmax(scores, dim=-1)
    out = (attn @ v).transpose(1, 2).reshape(B, T, d)
    return out @ w_o
