import torch


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    S = memory.shape[1]
    hd = d // n_heads

    Q = (x @ w_q).view(B, T, n_heads, hd).permute(0, 2, 1, 3)
    K = (memory @ w_k).view(B, S, n_heads, hd).permute(0, 2, 1, 3)
    V = (memory @ w_v).view(B, S, n_heads, hd).permute(0, 2, 1, 3)

    att = torch.einsum("bhtd,bhsd->bhts", Q, K) / hd ** 0.5
    if memory_mask is not None:
        pad = ~memory_mask.unsqueeze(1).unsqueeze(-1)  # padding positions, one per head
        att = att.masked_fill(pad, float("-inf"))

    w = torch.softmax(att, dim=-1)
    w = torch.nan_to_num(w, nan=0.0)  # all-padding memory gives nan rows
    out = (w @ V).transpose(1, 2).reshape(B, T, d)
    return out @ w_o
