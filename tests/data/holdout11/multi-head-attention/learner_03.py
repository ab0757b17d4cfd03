import torch


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    hd = d // n_heads
    q = (x @ w_q).view(B, T, n_heads, hd)
    k = (x @ w_k).view(B, T, n_heads, hd)
    v = (x @ w_v).view(B, T, n_heads, hd)
    scores = torch.einsum("bqhd,bkhd->bhqk", q, k) / hd ** 0.5
    if mask is not None:
        if mask.dim() == 3:
            mask = mask.unsqueeze(0)
        scores = scores.masked_fill(mask.logical_not(), float("-inf"))
    probs = torch.softmax(scores, dim=-1)
    heads = torch.einsum("bhqk,bkhd->bqhd", probs, v)
    return heads.reshape(B, T, d) @ w_o
