import math

import torch


def _rope(t, positions, base=10000.0):
    d_head = t.shape[-1]
    inv = base ** (-torch.arange(0, d_head, 2, dtype=torch.float64) / d_head)
    ang = positions.to(torch.float64)[:, None] * inv[None, :]
    cos = torch.cos(ang).to(t.dtype)[None, :, None, :]
    sin = torch.sin(ang).to(t.dtype)[None, :, None, :]
    t1, t2 = t[..., 0::2], t[..., 1::2]
    return torch.stack((t1 * cos - t2 * sin, t1 * sin + t2 * cos), dim=-1).flatten(-2)


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    assert x.dim() == 3, "x must be (B, T, d)"
    B, T, d = x.shape
    assert d % n_heads == 0
    d_head = d // n_heads
    assert cache_k.shape[0] == B and tuple(cache_k.shape[2:]) == (n_heads, d_head)
    assert start_pos + T <= cache_k.shape[1], "cache too short"
    positions = torch.arange(T)
    q = _rope(torch.matmul(x, w_q).view(B, T, n_heads, d_head), positions)
    k = _rope(torch.matmul(x, w_k).view(B, T, n_heads, d_head), positions)
    v = torch.matmul(x, w_v).view(B, T, n_heads, d_head)
    new_k = cache_k
    new_v = cache_v.clone()
    new_k[:, start_pos:start_pos + T] = k
    new_v[:, start_pos:start_pos + T] = v
    total = start_pos + T
    keys = new_k[:, :total].permute(0, 2, 1, 3)
    values = new_v[:, :total].permute(0, 2, 1, 3)
    scores = torch.matmul(q.permute(0, 2, 1, 3), keys.transpose(-2, -1)) / math.sqrt(d_head)
    allowed = torch.arange(total)[None, :] <= torch.arange(start_pos, total)[:, None]
    scores = scores.masked_fill(~allowed, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    out = torch.matmul(weights, values).permute(0, 2, 1, 3).reshape(B, T, d)
    return torch.matmul(out, w_o), new_k, new_v
