import torch


def rope(x, pos):
    # x (B, T, H, dh), pos (T,) absolute positions; interleaved pairs (2i, 2i+1)
    dh = x.shape[-1]
    inv_freq = 10000.0 ** (-torch.arange(0, dh, 2, dtype=torch.float64) / dh)
    ang = pos.to(torch.float64)[:, None] * inv_freq[None, :]  # (T, dh/2)
    cos = torch.cos(ang).to(x.dtype)[None, :, None, :]
    sin = torch.sin(ang).to(x.dtype)[None, :, None, :]
    x0, x1 = x[..., 0::2], x[..., 1::2]
    out = torch.empty_like(x)
    out[..., 0::2] = x0 * cos - x1 * sin
    out[..., 1::2] = x0 * sin + x1 * cos
    return out


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    dh = d // n_heads
    q = (x @ w_q).view(B, T, n_heads, dh)
    k = (x @ w_k).view(B, T, n_heads, dh)
    v = (x @ w_v).view(B, T, n_heads, dh)

    pos = torch.arange(start_pos, start_pos + T, device=x.device)
    q = rope(q, pos)
    k = rope(k, pos)

    # don't touch the caller's tensors
    cache_k = cache_k.clone()
    cache_v = cache_v.clone()
    cache_k[:, start_pos:start_pos + T] = k
    cache_v[:, start_pos:start_pos + T] = v

    n_ctx = start_pos + T
    keys = cache_k[:, :n_ctx].transpose(1, 2)  # (B, H, n_ctx, dh)
    vals = cache_v[:, :n_ctx].transpose(1, 2)
    qh = q.transpose(1, 2)  # (B, H, T, dh)

    scores = qh @ keys.transpose(-2, -1) / dh ** 0.5
    kpos = torch.arange(n_ctx, device=x.device)[None, :]
    scores = scores.masked_fill(kpos > pos[:, None], float("-inf"))
    attn = torch.softmax(scores, dim=-1)
    out = (attn @ vals).transpose(1, 2).reshape(B, T, d)
    return out @ w_o, cache_k, cache_v
