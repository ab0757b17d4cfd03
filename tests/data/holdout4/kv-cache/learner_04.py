import math

import torch


def rope(x, positions):
    # x: (B, T, H, hd)
    hd = x.shape[-1]
    inv_freq = 1.0 / (10000.0 ** (torch.arange(0, hd, 2, dtype=torch.float64) / hd))
    angles = positions.to(torch.float64)[:, None] * inv_freq[None, :]
    cos = angles.cos().to(x.dtype)[None, :, None, :]
    sin = angles.sin().to(x.dtype)[None, :, None, :]
    x_even, x_odd = x[..., 0::2], x[..., 1::2]
    rot = torch.stack([x_even * cos - x_odd * sin, x_even * sin + x_odd * cos], dim=-1)
    return rot.flatten(-2)


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    """Incremental decoding with a KV cache: see TASK.md. Return (out, cache_k, cache_v)."""
    B, T, d = x.shape
    hd = d // n_heads
    q = (x @ w_q).view(B, T, n_heads, hd)
    k = (x @ w_k).view(B, T, n_heads, hd)
    v = (x @ w_v).view(B, T, n_heads, hd)
    pos = torch.arange(start_pos, start_pos + T, device=x.device)
    q, k = rope(q, pos), rope(k, pos)
    cache_k = cache_k.clone()
    cache_v = cache_v.clone()
    cache_k[:, start_pos:start_pos + T] = k
    cache_v[:, start_pos:start_pos + T] = v
    keys = cache_k[:, :start_pos + T].transpose(1, 2)  # (B, H, Tk, hd)
    values = cache_v[:, :start_pos + T].transpose(1, 2)
    q = q.transpose(1, 2)
    scores = q @ keys.transpose(-2, -1) / math.sqrt(hd)
    mask = torch.ones(T, start_pos + T, dtype=torch.bool, device=x.device).tril(start_pos)
    scores = scores.masked_fill(~mask, float("-inf"))
    probs = torch.softmax(scores, dim=-1)
    out = (probs @ values).transpose(1, 2).reshape(B, T, d)
    return out @ w_o, cache_k, cache_v
