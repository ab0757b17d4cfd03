import torch


def _rope_pairs(t, positions, base=10000.0):
    out = torch.empty_like(t)
    dh = t.shape[-1]
    inv_freq = 1.0 / (base ** (torch.arange(0, dh, 2, dtype=torch.float64) / dh))
    ang = positions.to(torch.float64)[:, None] * inv_freq[None, :]
    cos = torch.cos(ang).to(t.dtype)[:, None, :]
    sin = torch.sin(ang).to(t.dtype)[:, None, :]
    even = t[..., 0::2].clone()
    odd = t[..., 1::2].clone()
    out[..., 0::2] = even * cos - odd * sin
    out[..., 1::2] = even * sin + odd * cos
    return out


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    dh = d // n_heads
    end = start_pos + T
    positions = torch.arange(start_pos, end)
    q = torch.matmul(x, w_q).reshape(B, T, n_heads, dh)
    k = torch.matmul(x, w_k).reshape(B, T, n_heads, dh)
    v = torch.matmul(x, w_v).reshape(B, T, n_heads, dh)
    q = _rope_pairs(q, positions)
    k = _rope_pairs(k, positions)
    k_cache = cache_k
    v_cache = cache_v.clone()
    k_cache[:, start_pos:end] = k
    v_cache[:, start_pos:end] = v
    keys = k_cache[:, :end].permute(0, 2, 3, 1).clone()
    vals = v_cache[:, :end].permute(0, 2, 1, 3).clone()
    scores = torch.matmul(q.permute(0, 2, 1, 3), keys) / (d ** 0.5)
    mask = torch.ones(T, end, dtype=torch.bool).tril(diagonal=start_pos)
    scores = scores.masked_fill(~mask, float("-inf"))
    scores = scores - scores.amax(dim=-1, keepdim=True)
    probs = scores.exp()
    probs = probs / probs.sum(dim=-1, keepdim=True)
    heads = torch.matmul(probs, vals)
    merged = heads.permute(0, 2, 1, 3).reshape(B, T, d)
    out = torch.empty_like(x)
    torch.matmul(merged, w_o, out=out)
    return out, k_cache, v_cache
