import math
import torch


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    dh = d // n_heads
    q = (x @ w_q).view(B, T, n_heads, dh).transpose(1, 2)
    k = (x @ w_k).view(B, T, n_heads, dh).transpose(1, 2)
    v = (x @ w_v).view(B, T, n_heads, dh).transpose(1, 2)
    scores = q @ k.transpose(-2, -1) / math.sqrt(dh)
    if mask is not None:
        if mask.dim() == 3:
            mask = mask[:, None, :, :]
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    weights = weights.nan_to_num(0.0)
    heads = [weights[:, h] @ v[:, h] for h in range(n_heads)]
    return torch.cat(heads, dim=-1)
