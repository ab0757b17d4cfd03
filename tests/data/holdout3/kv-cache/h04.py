import math
import torch


def rope(x, positions):
    dh = x.shape[-1]
    inv_freq = 1.0 / (10000.0 ** (torch.arange(0, dh, 2, dtype=torch.float64) / dh))
    ang = positions.double()[:, None] * inv_freq[None, :]
    cos = torch.cos(ang)[None, :, None, :].to(x.dtype)
    sin = torch.sin(ang)[None, :, None, :].to(x.dtype)
    x1, x2 = x[..., 0::2], x[..., 1::2]
    return torch.stack((x1 * cos - x2 * sin, x1 * sin + x2 * cos), dim=-1).flatten(-2)


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    dh = d // n_heads
    q = (x @ w_q).view(B, T, n_heads, dh)
    k = (x @ w_k).view(B, T, n_heads, dh)
    v = (x @ w_v).view(B, T, n_heads, dh)
    pos = torch.arange(start_pos, start_pos + T)
    q, k = rope(q, pos), rope(k, pos)
    cache_k = cache_k.clone()
    cache_v = cache_v.clone()
    cache_k[:, start_pos:start_pos + T] = k
    cache_v[:, start_pos:start_pos + T] = v
    keys = cache_k[:, :start_pos + T].transpose(1, 2)
    values = cache_v[:, :start_pos + T].transpose(1, 2)
    scores = q.transpose(1, 2) @ keys.transpose(-2, -1) / math.sqrt(dh)
    attn = torch.softmax(scores, dim=-1)
    out = (attn @ values).transpose(1, 2).reshape(B, T, d)
    return out @ w_o, cache_k, cache_v
