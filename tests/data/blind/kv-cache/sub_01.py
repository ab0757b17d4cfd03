import math
import torch


def apply_rope(t, pos):
    dh = t.shape[-1]
    theta = 10000.0 ** (-torch.arange(0, dh, 2, dtype=torch.float64) / dh)
    ang = pos[:, None].to(torch.float64) * theta[None, :]
    cos = ang.cos().to(t.dtype)[None, :, None, :]
    sin = ang.sin().to(t.dtype)[None, :, None, :]
    even, odd = t[..., 0::2], t[..., 1::2]
    return torch.stack((even * cos - odd * sin, even * sin + odd * cos), dim=-1).flatten(-2)


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    hd = d // n_heads
    pos = torch.arange(start_pos, start_pos + T)
    q = apply_rope((x @ w_q).view(B, T, n_heads, hd), pos)
    k = apply_rope((x @ w_k).view(B, T, n_heads, hd), pos)
    v = (x @ w_v).view(B, T, n_heads, hd)
    cache_k = cache_k.clone()
    cache_v = cache_v.clone()
    cache_k[:, start_pos:start_pos + T] = k
    cache_v[:, start_pos:start_pos + T] = v
    end = start_pos + T
    keys = cache_k[:, :end].transpose(1, 2)
    vals = cache_v[:, :end].transpose(1, 2)
    q = q.transpose(1, 2)
    att = q @ keys.transpose(-2, -1) / math.sqrt(hd)
    mask = torch.arange(end)[None, :] > pos[:, None]
    att = att.masked_fill(mask, float("-inf")).softmax(dim=-1)
    out = (att @ vals).transpose(1, 2).reshape(B, T, d)
    return out @ w_o, cache_k, cache_v
