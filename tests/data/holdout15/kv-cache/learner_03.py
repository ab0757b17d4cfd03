import torch


def _rope(t, positions):
    dh = t.shape[-1]
    inv = 10000.0 ** (-torch.arange(0, dh, 2, dtype=torch.float64) / dh)
    ang = positions.to(torch.float64)[:, None] * inv[None, :]
    cos = ang.cos().to(t.dtype)[None, :, None, :]
    sin = ang.sin().to(t.dtype)[None, :, None, :]
    even, odd = t[..., 0::2], t[..., 1::2]
    out = torch.empty_like(t)
    out[..., 0::2] = even * cos - odd * sin
    out[..., 1::2] = even * sin + odd * cos
    return out


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    dh = d // n_heads
    pos = torch.arange(start_pos, start_pos + T)
    q = _rope((x @ w_q).view(B, T, n_heads, dh), pos)
    k = _rope((x @ w_k).view(B, T, n_heads, dh), pos)
    v = (x @ w_v).view(B, T, n_heads, dh)
    cache_k = cache_k.clone()
    cache_v = cache_v.clone()
    cache_k[:, start_pos:start_pos + T] = k
    cache_v[:, start_pos:start_pos + T] = v
    L = start_pos + T
    keys = cache_k[:, :L].transpose(1, 2)
    values = cache_v[:, :L].transpose(1, 2)
    scores = q.transpose(1, 2) @ keys.transpose(-2, -1) / dh ** 0.5
    allowed = torch.ones(T, L, dtype=torch.bool).tril(start_pos)
    scores = scores.masked_fill(~allowed, float("-inf"))
    out = torch.softmax(scores, dim=-1) @ values
    out = out.transpose(1, 2).reshape(B, T, d)
    return out @ w_o, cache_k, cache_v
