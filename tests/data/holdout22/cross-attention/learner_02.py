import math
import torch


def project_heads(t, w, n_heads):
    """(B, L, d) @ w -> (B, n_heads, L, d_head), heads split from the last dim in order."""
    B, L, d = t.shape
    return (t @ w).view(B, L, n_heads, d // n_heads).transpose(1, 2)


def padding_mask(memory_mask):
    """(B, S) True = real token -> (B, 1, 1, S), broadcast over heads and queries."""
    return memory_mask[:, None, None, :]


def safe_softmax(scores):
    """Softmax over keys; a row whose keys are all padding returns zeros, not NaN."""
    row_max = scores.amax(dim=-1, keepdim=True).clamp_min(torch.finfo(scores.dtype).min)
    e = torch.exp(scores - row_max)
    denom = e.sum(dim=-1, keepdim=True)
    return e / denom


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    """Decoder queries attend to encoder memory; returns (B, T, d) in x's dtype."""
    B, T, d = x.shape
    q = project_heads(x, w_q, n_heads)
    k = project_heads(memory, w_k, n_heads)
    v = project_heads(memory, w_v, n_heads)
    scores = q @ k.transpose(-2, -1) / math.sqrt(d // n_heads)
    if memory_mask is not None:
        scores = scores.masked_fill(padding_mask(memory_mask), float("-inf"))
    attn = safe_softmax(scores)
    out = (attn @ v).reshape(B, T, d)
    return out @ w_o
