import math
import torch


def apply_rope(t, start_pos):
    T, dh = t.shape[1], t.shape[-1]
    pos = torch.arange(start_pos, start_pos + T, dtype=torch.float64)
    freqs = 10000.0 ** (-torch.arange(0, dh, 2, dtype=torch.float64) / dh)
    angles = torch.outer(pos, freqs)
    cos = angles.cos().to(t.dtype)[None, :, None, :]
    sin = angles.sin().to(t.dtype)[None, :, None, :]
    even, odd = t[..., 0::2], t[..., 1::2]
    rotated = torch.stack((even * cos - odd * sin, even * sin + odd * cos), dim=-1)
    return rotated.flatten(-2)


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    dh = d // n_heads
    q = apply_rope((x @ w_q).view(B, T, n_heads, dh), start_pos)
    k = apply_rope((x @ w_k).view(B, T, n_heads, dh), start_pos)
    v = (x @ w_v).view(B, T, n_heads, dh)
    cache_k = cache_k.clone()
    cache_v = cache_v.clone()
    cache_k[:, start_pos:start_pos + T] = k
    cache_v[:, start_pos:start_pos + T] = v
    end = start_pos + T
    keys = cache_k[:, :end].transpose(1, 2)
    values = cache_v[:, :end].transpose(1, 2)
    scores = q.transpose(1, 2) @ keys.transpose(-2, -1) / math.sqrt(dh)
    visible = torch.ones(T, end, dtype=torch.bool).tril(diagonal=start_pos)
    scores = scores.masked_fill(~visible, float("-inf"))
    attn = torch.softmax(scores, dim=-1)
    out = (attn @ values).transpose(1, 2).reshape(B, T, d)
    return out @ w_o, cache_k, cache_v
