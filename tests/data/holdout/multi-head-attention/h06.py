import torch


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    H = n_heads
    dh = d // H
    q = (x @ w_q).view(B, T, H, dh).transpose(1, 2)
    k = (x @ w_k).view(B, T, H, dh).transpose(1, 2)
    v = (x @ w_v).view(B, T, H, dh).transpose(1, 2)
    scores = (q @ k.transpose(-2, -1)) * dh ** -0.5
    if mask is not None:
        if mask.dim() == 2:
            mask = mask[None]
        scores = scores.masked_fill(~mask[:, None], float("-inf"))
    p = torch.softmax(scores, dim=-1)
    p = torch.nan_to_num(p)
    out = p @ v
    out = out.reshape(B, T, d)
    return out @ w_o
