import torch


def rope(t, start):
    B, T, H, D = t.shape
    inv = 10000.0 ** (-torch.arange(0, D, 2, dtype=t.dtype, device=t.device) / D)
    ang = torch.arange(start, start + T, dtype=t.dtype, device=t.device)[:, None] * inv
    cos, sin = ang.cos()[None, :, None, :], ang.sin()[None, :, None, :]
    a, b = t[..., 0::2], t[..., 1::2]
    return torch.cat((a * cos - b * sin, a * sin + b * cos), dim=-1)


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, C = x.shape
    hs = C // n_heads
    q = rope((x @ w_q).view(B, T, n_heads, hs), start_pos)
    k = rope((x @ w_k).view(B, T, n_heads, hs), start_pos)
    v = (x @ w_v).view(B, T, n_heads, hs)
    cache_k, cache_v = cache_k.clone(), cache_v.clone()
    cache_k[:, start_pos:start_pos + T] = k
    cache_v[:, start_pos:start_pos + T] = v
    L = start_pos + T
    keys, vals = cache_k[:, :L].transpose(1, 2), cache_v[:, :L].transpose(1, 2)
    att = (q.transpose(1, 2) @ keys.transpose(-2, -1)) * hs ** -0.5
    mask = torch.ones(T, L, dtype=torch.bool, device=x.device).tril()
    att = att.masked_fill(~mask, float('-inf')).softmax(dim=-1)
    y = (att @ vals).transpose(1, 2).reshape(B, T, C)
    return y @ w_o, cache_k, cache_v
