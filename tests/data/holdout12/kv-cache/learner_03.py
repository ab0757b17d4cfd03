import torch


def rotate(t, positions, base=10000.0):
    half = t.shape[-1] // 2
    freqs = base ** (-torch.arange(half, dtype=torch.float64) * 2 / t.shape[-1])
    angles = positions[:, None].double() * freqs
    cos = torch.cos(angles).repeat_interleave(2, -1).to(t.dtype)[:, None, :]
    sin = torch.sin(angles).repeat_interleave(2, -1).to(t.dtype)[:, None, :]
    pair = torch.stack((-t[..., 1::2], t[..., 0::2]), dim=-1).flatten(-2)
    return t * cos + pair * sin


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    hd = d // n_heads
    pos = torch.arange(start_pos, start_pos + T, device=x.device)
    xq = rotate((x @ w_q).view(B, T, n_heads, hd), pos)
    xk = rotate((x @ w_k).view(B, T, n_heads, hd), pos)
    xv = (x @ w_v).view(B, T, n_heads, hd)
    cache_k = cache_k.clone()
    cache_v = cache_v.clone()
    cache_k[:, start_pos:start_pos + T] = xk
    cache_v[:, start_pos:start_pos + T] = xv
    L = start_pos + T - 1
    keys = cache_k[:, :L].transpose(1, 2)
    values = cache_v[:, :L].transpose(1, 2)
    scores = xq.transpose(1, 2) @ keys.transpose(2, 3) / hd ** 0.5
    mask = torch.ones(T, L, dtype=torch.bool, device=x.device).tril(start_pos)
    scores = scores.masked_fill(~mask, float("-inf"))
    out = torch.softmax(scores, dim=-1) @ values
    out = out.transpose(1, 2).reshape(B, T, d)
    return out @ w_o, cache_k, cache_v
