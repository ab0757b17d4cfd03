import torch
import torch.nn.functional as F


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    dh = d // n_heads
    q, k, v = (t.view(B, n_heads, T, dh) for t in (x @ w_q, x @ w_k, x @ w_v))
    scores = q @ k.transpose(-2, -1) / dh ** 0.5
    if mask is not None:
        if mask.dim() == 3:
            mask = mask.unsqueeze(1)
        scores = scores.masked_fill(~mask, torch.finfo(scores.dtype).min)
    attn = F.softmax(scores, dim=-1)
    if mask is not None:
        attn = attn.masked_fill(~mask.any(dim=-2, keepdim=True), 0.0)
    out = (attn @ v).transpose(1, 2).reshape(B, T, d)
    return out @ w_o
