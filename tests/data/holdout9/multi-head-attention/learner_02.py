import math

import torch
import torch.nn.functional as F


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    head_dim = x.shape[1] // n_heads
    w_qkv = torch.cat([w_q, w_k, w_v], dim=1)
    q, k, v = (x @ w_qkv).split(d, dim=-1)
    q, k, v = (t.reshape(B, T, n_heads, head_dim).permute(0, 2, 1, 3) for t in (q, k, v))
    scores = torch.einsum("bhid,bhjd->bhij", q, k) / math.sqrt(head_dim)
    if mask is not None:
        allowed = mask if mask.dim() == 2 else mask[:, None, :, :]
        scores = scores.masked_fill(allowed.logical_not(), -math.inf)
    probs = F.softmax(scores, dim=-1)
    probs = torch.where(torch.isnan(probs), torch.zeros_like(probs), probs)
    out = torch.einsum("bhij,bhid->bhid", probs, v)
    out = out.permute(0, 2, 1, 3).reshape(B, T, d)
    return out @ w_o
