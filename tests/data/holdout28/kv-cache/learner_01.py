import torch


def _heads(t, n_heads):
    B, T, d = t.shape
    return t.view(B, T, n_heads, d // n_heads)


def _rope(x, start_pos):
    # x (B, T, H, dh): pair (2i, 2i+1) of token t rotated by (start_pos + t) * 10000^(-2i/dh)
    T, dh = x.shape[1], x.shape[-1]
    inv_freq = 10000.0 ** (-torch.arange(0, dh, 2, dtype=torch.float64) / dh)
    pos = torch.arange(T, dtype=torch.float64)
    ang = (pos[:, None] * inv_freq[None, :])[None, :, None, :]
    cos, sin = ang.cos().to(x.dtype), ang.sin().to(x.dtype)
    x0, x1 = x[..., 0::2], x[..., 1::2]
    return torch.stack((x0 * cos - x1 * sin, x0 * sin + x1 * cos), dim=-1).flatten(-2)


def _causal_bottom_right(Tq, Tk, device):
    return torch.ones(Tq, Tk, dtype=torch.bool, device=device).tril(Tk - Tq)


def _attend(q, k, v, mask):
    # q (B, H, Tq, dh); k, v (B, H, Tk, dh)
    s = (q @ k.transpose(-2, -1)) / q.shape[-1] ** 0.5
    s = s.masked_fill(~mask, float("-inf"))
    return torch.softmax(s, dim=-2) @ v


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    end = start_pos + T
    q = _rope(_heads(x @ w_q, n_heads), start_pos)
    k = _rope(_heads(x @ w_k, n_heads), start_pos)
    v = _heads(x @ w_v, n_heads)
    cache_k, cache_v = cache_k, cache_v.clone()
    cache_k[:, start_pos:end] = k
    cache_v[:, start_pos:end] = v
    keys = cache_k[:, :end].transpose(1, 2)
    vals = cache_v[:, :end].transpose(1, 2)
    o = _attend(q.transpose(1, 2), keys, vals, _causal_bottom_right(T, end, x.device))
    out = o.transpose(1, 2).reshape(B, T, d) @ w_o
    return out, cache_k, cache_v
