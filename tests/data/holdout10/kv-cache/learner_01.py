import torch


def rope(t, pos, base=10000.0):
    # t (B, T, H, dh): interleaved pairs rotated as complex numbers
    dh = t.shape[-1]
    freqs = base ** (-torch.arange(0, dh, 2, dtype=torch.float64) / dh)
    ang = pos.to(torch.float64)[:, None] * freqs[None, :]
    rot = torch.polar(torch.ones_like(ang), ang)  # (T, dh/2)
    tc = torch.view_as_complex(t.to(torch.float64).reshape(*t.shape[:-1], dh // 2, 2).contiguous())
    out = torch.view_as_real(tc * rot[None, :, None, :]).reshape(t.shape)
    return out.to(t.dtype)


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
    keys = cache_k[:, :start_pos + T].transpose(1, 2)  # (B, H, S, dh)
    vals = cache_v[:, :start_pos + T].transpose(1, 2)
    scores = q.transpose(1, 2) @ keys.transpose(-2, -1) / dh ** 0.5
    S = start_pos + T
    visible = torch.arange(S)[None, :] <= pos[:, None]
    scores = scores.masked_fill(~visible, float("-inf"))
    out = torch.softmax(scores, dim=-1) @ vals
    out = out.transpose(1, 2).reshape(B, T, d) @ w_o
    return out, cache_k, cache_v
