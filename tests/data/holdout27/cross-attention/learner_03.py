import math

import torch


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    S = memory.shape[1]
    dh = d // n_heads
    # %% [1] queries from the decoder, keys and values from the encoder
    s1_q = x @ w_q
    s1_k = memory @ w_k
    s1_v = memory @ w_v
    # %% [2] heads: (B, L, d) -> (B, h, L, dh)
    s2_q = s1_q.view(B, T, n_heads, dh).transpose(1, 2)
    s2_k = s1_k.view(B, S, n_heads, dh).transpose(1, 2)
    s2_v = s1_v.view(B, S, n_heads, dh).transpose(1, 2)
    # %% [3] scores (B, h, T, S)
    s3_scores = s2_q @ s2_k.transpose(-2, -1) / math.sqrt(dh)
    # %% [4] padding mask, broadcast over heads and queries
    if memory_mask is None:
        s4_keep = torch.ones(B, 1, 1, S, dtype=torch.bool, device=x.device)
    else:
        s4_keep = memory_mask[:, None, None, :]
    s4_scores = s3_scores.masked_fill(~s4_keep, float("-inf"))
    # %% [5] stable softmax; an all-padding memory gives a zero row
    s5_max = s4_scores.amax(dim=-1, keepdim=True).nan_to_num(neginf=0.0)
    s5_e = torch.exp(s4_scores - s5_max)
    s5_sum = s5_e.sum(dim=-1, keepdim=True)
    s5_w = s5_e / torch.where(s5_sum > 0, s5_sum, torch.ones_like(s5_sum))
    # %% [6] weighted values, merge the heads, output projection
    s6_heads = s5_w @ s2_v
    s6_out = s6_heads.transpose(1, 2).reshape(B, T, d) @ w_o
    return s6_out
