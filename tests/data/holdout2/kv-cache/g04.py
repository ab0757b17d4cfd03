import math

import torch


def rope(t, positions):
    d = t.shape[-1]
    freqs = 1.0 / (10000 ** (torch.arange(0, d, 2, dtype=torch.float64) / d))
    ang = positions.to(torch.float64)[:, None] * freqs[None, :]
    cos = torch.cos(ang).to(t.dtype)[None, :, None, :]
    sin = torch.sin(ang).to(t.dtype)[None, :, None, :]
    a, b = t[..., 0::2], t[..., 1::2]
    out = torch.stack((a * cos - b * sin, a * sin + b * cos), dim=-1)
    return out.flatten(-2)


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    hd = d // n_heads
    q = (x @ w_q).view(B, T, n_heads, hd)
    k = (x @ w_k).view(B, T, n_heads, hd)
    v = (x @ w_v).view(B, T, n_heads, hd)
    pos = torch.arange(T)
    q = rope(q, pos)
    k = rope(k, pos)
    cache_k = cache_k.clone()
    cache_v = cache_v.clone()
    cache_k[:, start_pos:start_pos + T] = k
    cache_v[:, start_pos:start_pos + T] = v
    keys = cache_k[:, :start_pos + T].transpose(1, 2)
    values = cache_v[:, :start_pos + T].transpose(1, 2)
    q = q.transpose(1, 2)
    scores = q @ keys.transpose(-2, -1) / math.sqrt(hd)
    if T > 1:
        mask = torch.full((T, start_pos + T), float("-inf"), dtype=x.dtype)
        mask = torch.triu(mask, diagonal=start_pos + 1)
        scores = scores + mask
    attn = torch.softmax(scores, dim=-1)
    out = (attn @ values).transpose(1, 2).reshape(B, T, d)
    return out @ w_o, cache_k, cache_v
