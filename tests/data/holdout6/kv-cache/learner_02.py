import math

import torch


def rotate(x, pos, base=10000.0):
    # x: (B, T, H, dh), pairs (2i, 2i+1)
    dh = x.shape[-1]
    inv_freq = 1.0 / (base ** (torch.arange(0, dh, 2, dtype=torch.float64) / dh))
    angles = torch.outer(pos.to(torch.float64), inv_freq)  # (T, dh/2)
    cos = angles.cos().to(x.dtype)[None, :, None, :]
    sin = angles.sin().to(x.dtype)[None, :, None, :]
    a, b = x[..., 0::2], x[..., 1::2]
    return torch.stack((a * cos - b * sin, a * sin + b * cos), dim=-1).flatten(-2)


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    """Incremental decoding with a KV cache: see TASK.md. Return (out, cache_k, cache_v)."""
    B, T, D = x.shape
    hd = D // n_heads
    pos = torch.arange(start_pos, start_pos + T)
    q = rotate((x @ w_q).view(B, T, n_heads, hd), pos)
    k = rotate((x @ w_k).view(B, T, n_heads, hd), pos)
    v = (x @ w_v).view(B, T, n_heads, hd)

    cache_k = cache_k.clone()
    cache_v = cache_v.clone()
    cache_k[:, start_pos:start_pos + T] = k
    cache_v[:, start_pos:start_pos + T] = v
    end = start_pos + T - 1
    keys = cache_k[:, :end].transpose(1, 2)
    values = cache_v[:, :end].transpose(1, 2)
    q = q.transpose(1, 2)

    att = q @ keys.transpose(-2, -1) / math.sqrt(hd)
    mask = torch.ones(T, end, dtype=torch.bool).tril(end - T)
    att = att.masked_fill(~mask, float("-inf"))
    att = torch.softmax(att, dim=-1)
    y = (att @ values).transpose(1, 2).reshape(B, T, D)
    return y @ w_o, cache_k, cache_v
