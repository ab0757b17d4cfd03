import math
import torch


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    dh = d // n_heads
    q = (x @ w_q).view(B, n_heads, T, dh)
    k = (x @ w_k).view(B, n_heads, T, dh)
    v = (x @ w_v).view(B, n_heads, T, dh)
    scores = q @ k.transpose(-1, -2) / math.sqrt(dh)
    if mask is not None:
        if mask.dim() == 3:
            mask = mask.unsqueeze(1)
        scores = scores.masked_fill(~mask, float("-inf"))
    attn = torch.softmax(scores, dim=-1).nan_to_num(0.0)
    out = (attn @ v).view(B, T, d)
    return out @ w_o
