import torch


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    S = memory.size(1)
    hd = d // n_heads
    q = (x @ w_q).reshape(B, T, n_heads, hd).permute(0, 2, 1, 3)
    k = (memory @ w_k).reshape(B, S, n_heads, hd).permute(0, 2, 1, 3)
    v = (x @ w_v).reshape(B, T, n_heads, hd).permute(0, 2, 1, 3)
    att = (q @ k.transpose(-1, -2)) * hd ** -0.5
    if memory_mask is not None:
        att = att.masked_fill(~memory_mask[:, None, None, :], -1e9)
    att = att.softmax(dim=-1)
    att = torch.nan_to_num(att, nan=0.0)
    y = (att @ v).permute(0, 2, 1, 3).reshape(B, T, d)
    return y @ w_o
