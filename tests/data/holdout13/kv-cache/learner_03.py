import torch


def _freqs(hd, positions):
    theta = 1.0 / 10000.0 ** (torch.arange(0, hd // 2, dtype=torch.float64) / hd)
    angles = torch.outer(positions.to(torch.float64), theta)
    return torch.polar(torch.ones_like(angles), angles)


def _rotate(t, freqs):
    tc = torch.view_as_complex(t.to(torch.float64).reshape(*t.shape[:-1], -1, 2))
    out = torch.view_as_real(tc * freqs[None, :, None, :]).flatten(-2)
    return out.to(t.dtype)


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    hd = d // n_heads
    q = (x @ w_q).view(B, T, n_heads, hd)
    k = (x @ w_k).view(B, T, n_heads, hd)
    v = (x @ w_v).view(B, T, n_heads, hd)
    freqs = _freqs(hd, torch.arange(start_pos, start_pos + T))
    q, k = _rotate(q, freqs), _rotate(k, freqs)
    cache_k, cache_v = cache_k.clone(), cache_v.clone()
    cache_k[:, start_pos:start_pos + T] = k
    cache_v[:, start_pos:start_pos + T] = v
    keys = cache_k[:, :start_pos + T].transpose(1, 2)
    values = cache_v[:, :start_pos + T].transpose(1, 2)
    scores = q.transpose(1, 2) @ keys.transpose(2, 3) / hd ** 0.5
    mask = torch.full((T, start_pos + T), float("-inf")).triu(1)
    scores = scores + mask.to(scores.dtype)
    attn = torch.softmax(scores, dim=-1)
    out = (attn @ values).transpose(1, 2).reshape(B, T, d)
    return out @ w_o, cache_k, cache_v
