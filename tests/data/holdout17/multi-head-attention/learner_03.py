import math
from typing import NamedTuple, Optional

import torch

NEG_INF: float = float("-inf")


class HeadLayout(NamedTuple):
    batch: int
    seq_len: int
    n_heads: int
    head_dim: int


def _split_heads(t: torch.Tensor, layout: HeadLayout) -> torch.Tensor:
    """(B, T, d) -> (B, H, T, d_head), head i taking columns i*d_head .. (i+1)*d_head - 1."""
    return t.reshape(layout.batch, layout.seq_len, layout.n_heads, layout.head_dim).permute(0, 2, 1, 3)


def _merge_heads(t: torch.Tensor, layout: HeadLayout) -> torch.Tensor:
    """(B, H, T, d_head) -> (B, T, d), the heads concatenated in order."""
    return t.permute(0, 2, 1, 3).reshape(layout.batch, layout.seq_len, layout.n_heads * layout.head_dim)


def _broadcast_mask(mask: Optional[torch.Tensor]) -> Optional[torch.Tensor]:
    """(T, T) or (B, T, T) -> a mask broadcastable over the head axis."""
    if mask is None:
        return None
    return mask.unsqueeze(-3)


def multi_head_attention(x: torch.Tensor, w_q: torch.Tensor, w_k: torch.Tensor, w_v: torch.Tensor,
                         w_o: torch.Tensor, n_heads: int, mask: Optional[torch.Tensor] = None) -> torch.Tensor:
    batch, seq_len, d_model = x.shape
    if d_model % n_heads != 0:
        raise ValueError(f"n_heads {n_heads} must divide d_model {d_model}")
    layout = HeadLayout(batch, seq_len, n_heads, d_model // n_heads)
    q, k, v = (_split_heads(x @ w, layout) for w in (w_q, w_k, w_v))
    scores = q @ k.transpose(-2, -1) / layout.head_dim
    allowed = _broadcast_mask(mask)
    if allowed is not None:
        scores = scores.masked_fill(~allowed, NEG_INF)
    row_max = scores.amax(dim=-1, keepdim=True).clamp_min(torch.finfo(scores.dtype).min)
    weights = torch.exp(scores - row_max)
    weights = weights / weights.sum(dim=-2, keepdim=True).clamp_min(torch.finfo(scores.dtype).tiny)
    return _merge_heads(weights @ v, layout) @ w_o
