import math
import torch


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    b, t, d = x.shape
    hd = d // n_heads
    q = (x @ w_q).view(b, t, n_heads, hd)
    k = (x @ w_k).view(b, t, n_heads, hd)
    v = (x @ w_v).view(b, t, n_heads, hd)
    logits = torch.einsum("bihd,bjhd->bhij", q, k) * (1.0 / math.sqrt(hd))
    if mask is not None:
        if mask.dim() == 2:
            mask = mask.unsqueeze(0)
        logits = logits.masked_fill(~mask.unsqueeze(1), float("-inf"))
    attn = torch.softmax(logits, dim=-1)
    ctx = torch.einsum("bhij,bjhd->bhid", attn, v).reshape(b, t, d)
    return ctx @ w_o
