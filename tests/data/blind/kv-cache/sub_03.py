import math
import torch


def rotate(t, positions):
    half = t.shape[-1] // 2
    freqs = 1.0 / (10000.0 ** (torch.arange(half, dtype=torch.float64) * 2 / t.shape[-1]))
    angles = positions.to(torch.float64)[:, None] * freqs
    c = torch.cos(angles).to(t.dtype).unsqueeze(1)
    s = torch.sin(angles).to(t.dtype).unsqueeze(1)
    x1, x2 = t[..., ::2], t[..., 1::2]
    out = torch.empty_like(t)
    out[..., ::2] = x1 * c - x2 * s
    out[..., 1::2] = x1 * s + x2 * c
    return out


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    dh = d // n_heads
    positions = torch.arange(start_pos, start_pos + T)
    q = rotate((x @ w_q).reshape(B, T, n_heads, dh), positions)
    k = rotate((x @ w_k).reshape(B, T, n_heads, dh), positions)
    v = (x @ w_v).reshape(B, T, n_heads, dh)
    new_k = cache_k.clone()
    new_v = cache_v.clone()
    new_k[:, start_pos:start_pos + T] = k
    new_v[:, start_pos:start_pos + T] = v
    L = start_pos + T
    scores = torch.einsum("bqhd,bkhd->bhqk", q, new_k[:, :L]) / math.sqrt(dh)
    future = torch.arange(L)[None, :] > positions[:, None]
    scores = scores.masked_fill(future, float("-inf"))
    probs = torch.softmax(scores, dim=-1)
    out = torch.einsum("bhqk,bkhd->bqhd", probs, new_v[:, :L]).reshape(B, T, d)
    return out @ w_o, cache_k, cache_v
