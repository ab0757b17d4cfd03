import torch


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    """Multi-head attention from weight matrices: see TASK.md."""
    B, T, d = x.shape
    hs = d // n_heads
    q = (x @ w_q).reshape(B, T, n_heads, hs).transpose(1, 2)
    k = (x @ w_k).reshape(B, T, n_heads, hs).transpose(1, 2)
    v = (x @ w_v).reshape(B, T, n_heads, hs).transpose(1, 2)
    att = (q @ k.transpose(-2, -1)) * (1.0 / hs ** 0.5)
    if mask is not None:
        if mask.dim() == 2:
            mask = mask[None]
        att = att.masked_fill(~mask[:, None], -1e9)
    att = att.softmax(dim=-1)
    y = (att @ v).transpose(1, 2).reshape(B, T, d)
    return y @ w_o.T
