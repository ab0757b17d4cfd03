import math

import torch


def _rope(t, pos, base=10000.0):
    """t (B, T, H, dh): pairs (2i, 2i+1) viewed as a trailing axis of 2 with unflatten, rotated, flattened back."""
    dh = t.shape[-1]
    inv = base ** (-torch.arange(0, dh, 2, dtype=torch.float64) / dh)
    ang = pos.to(torch.float64)[:, None] * inv  # (T, dh/2)
    cos = ang.cos().to(t.dtype)[None, :, None, :]
    sin = ang.sin().to(t.dtype)[None, :, None, :]
    a, b = t.unflatten(-1, (dh // 2, 2)).unbind(-1)
    return torch.stack((a * cos - b * sin, a * sin + b * cos), dim=-1).flatten(-2)


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    dh = d // n_heads
    pos = torch.arange(start_pos, start_pos + T)
    q = _rope((x @ w_q).unflatten(-1, (n_heads, dh)), pos)
    k = _rope((x @ w_k).unflatten(-1, (n_heads, dh)), pos)
    v = (x @ w_v).unflatten(-1, (n_heads, dh))
    cache_k, cache_v = cache_k.clone(), cache_v.clone()
    cache_k[:, start_pos:start_pos + T] = k
    cache_v[:, start_pos:start_pos + T] = v
    n = start_pos + T
    keys = cache_k[:, :n].permute(0, 2, 3, 1)  # (B, H, dh, n): a strided view, no copy
    vals = cache_v[:, :n].reshape(B, n_heads, n, dh)  # (B, H, n, dh)
    s = q.permute(0, 2, 1, 3) @ keys / math.sqrt(n)  # (B, H, T, n)
    s = s.masked_fill(torch.arange(n)[None, :] > pos[:, None], float("-inf"))
    p = torch.softmax(s, dim=-1)
    ctx = (p @ vals).permute(0, 2, 1, 3).flatten(2)
    return ctx @ w_o, cache_k, cache_v
