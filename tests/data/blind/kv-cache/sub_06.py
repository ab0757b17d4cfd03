import math
import torch


def rope(x):
    T, dh = x.shape[1], x.shape[-1]
    inv = 1.0 / 10000 ** (torch.arange(0, dh, 2).float() / dh)
    ang = torch.outer(torch.arange(T).float(), inv)
    cos = ang.cos()[None, :, None, :].to(x.dtype)
    sin = ang.sin()[None, :, None, :].to(x.dtype)
    x0, x1 = x[..., 0::2], x[..., 1::2]
    return torch.stack([x0 * cos - x1 * sin, x0 * sin + x1 * cos], dim=-1).flatten(3)


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    hd = d // n_heads
    q = rope((x @ w_q).view(B, T, n_heads, hd))
    k = rope((x @ w_k).view(B, T, n_heads, hd))
    v = (x @ w_v).view(B, T, n_heads, hd)
    cache_k = cache_k.clone()
    cache_v = cache_v.clone()
    cache_k[:, start_pos:start_pos + T] = k
    cache_v[:, start_pos:start_pos + T] = v
    keys = cache_k[:, :start_pos + T].permute(0, 2, 3, 1)
    vals = cache_v[:, :start_pos + T].permute(0, 2, 1, 3)
    att = (q.permute(0, 2, 1, 3) @ keys) / math.sqrt(hd)
    qpos = torch.arange(start_pos, start_pos + T)[:, None]
    kpos = torch.arange(start_pos + T)[None, :]
    att = att.masked_fill(kpos > qpos, float("-inf")).softmax(-1)
    out = (att @ vals).permute(0, 2, 1, 3).reshape(B, T, d)
    return out @ w_o, cache_k, cache_v
