import torch


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    hd = d // n_heads
    q = (x @ w_q).reshape(B, T, n_heads, hd).permute(0, 2, 1, 3)
    k = (x @ w_k).reshape(B, T, n_heads, hd).permute(0, 2, 1, 3)
    v = (x @ w_v).reshape(B, T, n_heads, hd).permute(0, 2, 1, 3)
    att = torch.einsum("bhid,bhjd->bhij", q, k) / hd ** 0.5
    if mask is not None:
        m = mask if mask.dim() == 2 else mask[:, None]
        att = att.masked_fill(~m, float("-inf"))
    att = torch.softmax(att, dim=-2)
    att = torch.nan_to_num(att, nan=0.0)
    y = torch.einsum("bhij,bhjd->bhid", att, v)
    return y.permute(0, 2, 1, 3).reshape(B, T, d) @ w_o
