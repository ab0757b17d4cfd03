import math

import torch


def rope(t, positions):
    half = t.shape[-1] // 2
    theta = 10000.0 ** (-torch.arange(half, dtype=torch.float64) * 2 / t.shape[-1])
    ang = positions[:, None].double() * theta
    cos = ang.cos()[None, :, None, :]
    sin = ang.sin()[None, :, None, :]
    x0, x1 = t[..., 0::2].double(), t[..., 1::2].double()
    out = torch.stack([x0 * cos - x1 * sin, x0 * sin + x1 * cos], dim=-1)
    return out.flatten(-2).to(t.dtype)


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    hd = d // n_heads
    positions = torch.arange(start_pos, start_pos + T)
    q = rope((x @ w_q).view(B, T, n_heads, hd), positions)
    k = rope((x @ w_k).view(B, T, n_heads, hd), positions)
    v = (x @ w_v).view(B, T, n_heads, hd)
    cache_k = cache_k.clone()
    cache_v = cache_v.clone()
    cache_k[:, start_pos:start_pos + T] = k
    cache_v[:, start_pos:start_pos + T] = v
    k_all = cache_k[:, :start_pos + T]
    v_all = cache_v[:, :start_pos + T]
    scores = torch.einsum("bthe,bshe->bhts", q, k_all) / math.sqrt(hd)
    probs = scores.softmax(dim=-1)
    out = torch.einsum("bhts,bshe->bthe", probs, v_all).reshape(B, T, d)
    return out @ w_o, cache_k, cache_v
