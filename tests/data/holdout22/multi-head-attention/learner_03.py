import math
import torch


def split_heads(t, n_heads):
    """(B, T, d) -> (B, n_heads, T, d_head); head i holds columns i*d_head..(i+1)*d_head-1."""
    B, T, d = t.shape
    return t.reshape(B, T, n_heads, d // n_heads).transpose(1, 2)


def merge_heads(t):
    """(B, n_heads, T, d_head) -> (B, T, d)."""
    B, H, T, dh = t.shape
    return t.reshape(B, T, H * dh)


def masked_softmax(scores, mask):
    """Softmax over the last dim; a row with no allowed key gives zeros."""
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    row_max = scores.amax(dim=-1, keepdim=True)
    row_max = torch.nan_to_num(row_max, neginf=0.0)
    weights = torch.exp(scores - row_max)
    total = weights.sum(dim=-1, keepdim=True)
    return weights / total.clamp_min(torch.finfo(scores.dtype).tiny)


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    """concat(head_1..head_h) @ w_o with head_i = softmax(q_i k_i^T / sqrt(d_head)) v_i."""
    if mask is not None:
        mask = torch.as_tensor(mask, dtype=torch.bool)
        mask = mask.unsqueeze(-3)  # (T, T) -> (1, T, T); (B, T, T) -> (B, 1, T, T)
    d_head = x.shape[-1] // n_heads
    q = split_heads(x @ w_q, n_heads)
    k = split_heads(x @ w_k, n_heads)
    v = split_heads(x @ w_v, n_heads)
    scores = q @ k.transpose(-2, -1) / math.sqrt(x.shape[-1])
    weights = masked_softmax(scores, mask)
    return merge_heads(weights @ v) @ w_o
