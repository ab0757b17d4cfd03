import torch
import torch.nn.functional as F


def _rope(t, pos):
    # t (B, T, H, dh); rotate interleaved pairs (2i, 2i+1)
    dh = t.size(-1)
    inv = 10000.0 ** (-torch.arange(0, dh, 2, dtype=torch.float64) / dh)
    ang = (pos.to(torch.float64)[:, None] * inv).to(t.dtype)[None, :, None, :]
    even, odd = t[..., 0::2], t[..., 1::2]
    return torch.stack((even * ang.cos() - odd * ang.sin(), even * ang.sin() + odd * ang.cos()), dim=-1).flatten(-2)


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    dh = d // n_heads
    pos = torch.arange(start_pos, start_pos + T, device=x.device)
    q = _rope((x @ w_q).view(B, T, n_heads, dh), pos)
    k = _rope((x @ w_k).view(B, T, n_heads, dh), pos)
    v = (x @ w_v).view(B, T, n_heads, dh)
    cache_k, cache_v = cache_k.clone(), cache_v.clone()
    cache_k[:, start_pos:start_pos + T] = k
    cache_v[:, start_pos:start_pos + T] = v
    keys = cache_k[:, : start_pos + T].transpose(1, 2)
    vals = cache_v[:, : start_pos + T].transpose(1, 2)
    scores = q.transpose(1, 2) @ keys.transpose(-2, -1) / d ** 0.5
    allowed = torch.ones(T, start_pos + T, dtype=torch.bool, device=x.device).tril(diagonal=0)
    scores = scores.masked_fill(~allowed, float("-inf"))
    out = F.softmax(scores, dim=-1) @ vals
    return out.transpose(1, 2).reshape(B, T, d) @ w_o, cache_k, cache_v
