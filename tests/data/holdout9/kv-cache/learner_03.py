import math

import torch


def apply_rotary(x, pos):
    # x (B, T, H, Dh), pairs (2i, 2i+1)
    Dh = x.shape[-1]
    theta = 10000.0 ** (-torch.arange(0, Dh, 2, dtype=torch.float64) / Dh)
    angles = pos.to(torch.float64)[:, None] * theta[None, :]
    cos = angles.cos().to(x.dtype)[None, :, None, :]
    sin = angles.sin().to(x.dtype)[None, :, None, :]
    x1, x2 = x[..., 0::2], x[..., 1::2]
    rotated = torch.stack([x1 * cos - x2 * sin, x1 * sin + x2 * cos], dim=-1)
    return rotated.flatten(-2)


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, D = x.shape
    Dh = D // n_heads
    pos = torch.arange(start_pos, start_pos + T)
    xq = apply_rotary((x @ w_q).view(B, T, n_heads, Dh), pos)
    xk = apply_rotary((x @ w_k).view(B, T, n_heads, Dh), pos)
    xv = apply_rotary((x @ w_v).view(B, T, n_heads, Dh), pos)
    cache_k = cache_k.clone()
    cache_v = cache_v.clone()
    cache_k[:, start_pos:start_pos + T] = xk
    cache_v[:, start_pos:start_pos + T] = xv
    keys = cache_k[:, :start_pos + T].transpose(1, 2)
    values = cache_v[:, :start_pos + T].transpose(1, 2)
    queries = xq.transpose(1, 2)
    scores = queries @ keys.transpose(2, 3) / math.sqrt(Dh)
    mask = torch.full((T, start_pos + T), float("-inf"), dtype=x.dtype).triu(diagonal=start_pos + 1)
    scores = scores + mask
    probs = torch.softmax(scores, dim=-1)
    out = (probs @ values).transpose(1, 2).reshape(B, T, D)
    return out @ w_o, cache_k, cache_v
