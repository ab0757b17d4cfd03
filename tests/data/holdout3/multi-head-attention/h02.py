import math
import torch


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    dh = d // n_heads
    q = (x @ w_q).view(B, T, n_heads, dh)
    k = (x @ w_k).view(B, T, n_heads, dh)
    v = (x @ w_v).view(B, T, n_heads, dh)
    scores = torch.einsum("bqhe,bkhe->bhqk", q, k) / math.sqrt(dh)
    if mask is not None:
        if mask.dim() == 3:
            mask = mask.unsqueeze(1)
        scores = scores.masked_fill(~mask, float("-inf"))
    attn = torch.softmax(scores, dim=-1)
    attn = torch.nan_to_num(attn, nan=0.0)
    heads = torch.einsum("bhqk,bkhe->bqhe", attn, v)
    return heads.reshape(B, T, d) @ w_o
