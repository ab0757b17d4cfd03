import math
import torch


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, D = x.shape
    H = n_heads
    Dh = D // H
    q = (x @ w_q).reshape(B, T, H, Dh).permute(0, 2, 1, 3)
    k = (x @ w_k).reshape(B, T, H, Dh).permute(0, 2, 1, 3)
    v = (x @ w_v).reshape(B, T, H, Dh).permute(0, 2, 1, 3)
    scores = q @ k.transpose(-2, -1) / math.sqrt(Dh)
    if mask is not None:
        m = mask if mask.dim() == 2 else mask[:, None, :, :]
        scores = scores.masked_fill(m.logical_not(), float("-inf"))
    probs = torch.softmax(scores, dim=1)
    probs = torch.nan_to_num(probs, nan=0.0)
    out = (probs @ v).permute(0, 2, 1, 3).reshape(B, T, D)
    return out @ w_o + x
