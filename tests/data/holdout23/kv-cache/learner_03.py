import math

import torch

_ROPE_BASE: float = 10000.0


def _rope(t: torch.Tensor, start: int) -> torch.Tensor:
    """t (B, T, H, dh): rotate the interleaved pairs at positions start..start+T-1."""
    B, T, H, dh = t.shape
    pos = torch.arange(start, start + T, dtype=torch.float64)
    inv = _ROPE_BASE ** (-torch.arange(0, dh, 2, dtype=torch.float64) / dh)
    ang = (pos[:, None] * inv[None, :])[None, :, None, :]
    cos, sin = torch.cos(ang).to(t.dtype), torch.sin(ang).to(t.dtype)
    even, odd = t[..., 0::2], t[..., 1::2]
    out = torch.empty_like(t)
    out[..., 0::2] = even * cos - odd * sin
    out[..., 1::2] = even * sin + odd * cos
    return out


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    dh = d // n_heads
    assert cache_k.shape[2] == n_heads and cache_k.shape[3] == dh
    q = _rope((x @ w_q).view(B, T, n_heads, dh), start_pos)
    k = _rope((x @ w_k).view(B, T, n_heads, dh), start_pos)
    v = (x @ w_v).view(B, T, n_heads, dh)
    new_k, new_v = cache_k, cache_v
    end = start_pos + T
    new_k[:, start_pos:end] = k
    new_v[:, start_pos:end] = v
    keys = new_k[:, :end].transpose(1, 2)
    vals = new_v[:, :end].transpose(1, 2)
    scores = q.transpose(1, 2) @ keys.transpose(-1, -2) / math.sqrt(dh)
    allowed = torch.arange(end)[None, :] <= torch.arange(T)[:, None]
    scores = scores.masked_fill(~allowed, float("-inf"))
    probs = torch.softmax(scores, dim=-1)
    out = (probs @ vals).transpose(1, 2).reshape(B, T, d) @ w_o
    assert out.shape == x.shape
    return out, new_k, new_v
