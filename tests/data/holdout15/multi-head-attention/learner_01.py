import torch
import torch.nn.functional as F


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, D = x.shape
    hd = D // n_heads

    def heads(t):
        return t.view(B, n_heads, T, hd)

    q, k, v = heads(x @ w_q), heads(x @ w_k), heads(x @ w_v)
    att = q @ k.transpose(-2, -1) / hd ** 0.5
    if mask is not None:
        if mask.dim() == 2:
            mask = mask.unsqueeze(0)
        att = att.masked_fill(~mask.unsqueeze(0), float("-inf"))
    att = F.softmax(att, dim=-1).nan_to_num(nan=0.0)
    y = (att @ v).transpose(1, 2).reshape(B, T, D)
    return y @ w_o
