import torch


def _rope_pairs(t, positions, base=10000.0):
    # t (B, T, H, dh): rotate each pair (2i, 2i + 1) by position * base^(-2i / dh)
    dh = t.shape[-1]
    inv_freq = base ** (-torch.arange(0, dh, 2, dtype=torch.float64) / dh)
    angle = positions.to(torch.float64)[:, None] * inv_freq[None, :]  # (T, dh / 2)
    cos = torch.cos(angle).to(t.dtype)[None, :, None, :]
    sin = torch.sin(angle).to(t.dtype)[None, :, None, :]
    even, odd = t[..., 0::2], t[..., 1::2]
    out = torch.empty_like(t)
    out[..., 0::2] = even * cos - odd * sin
    out[..., 1::2] = even * sin + odd * cos
    return out


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    """INSERT the new rows into the cache table, then SELECT ... JOIN cache ON key_pos <= query_pos."""
    B, T, d = x.shape
    dh = d // n_heads
    pos = torch.arange(start_pos, start_pos + T, device=x.device)
    q = _rope_pairs(torch.matmul(x, w_q).view(B, T, n_heads, dh), pos)
    k = _rope_pairs(torch.matmul(x, w_k).view(B, T, n_heads, dh), pos)
    v = torch.matmul(x, w_v).view(B, T, n_heads, dh)
    # -- INSERT INTO cache (on a copy: the caller's table stays as it was)
    cache_k = cache_k.detach()
    cache_v = cache_v.clone()
    cache_k[:, start_pos:start_pos + T] = k
    cache_v[:, start_pos:start_pos + T] = v
    n_keys = start_pos + T
    keys = cache_k[:, :n_keys].transpose(1, 2)  # (B, H, n_keys, dh)
    vals = cache_v[:, :n_keys].transpose(1, 2)
    qh = q.transpose(1, 2)  # (B, H, T, dh)
    score = torch.matmul(qh, keys.transpose(-2, -1)) / dh ** 0.5
    # -- JOIN ON key_pos <= query_pos
    query_pos = torch.arange(T, device=x.device).view(T, 1)
    key_pos = torch.arange(n_keys, device=x.device).view(1, n_keys)
    score = score.masked_fill(key_pos > query_pos, float("-inf"))
    attn = torch.softmax(score, dim=-1)
    ctx = torch.matmul(attn, vals).transpose(1, 2).reshape(B, T, d)
    return torch.matmul(ctx, w_o), cache_k, cache_v
