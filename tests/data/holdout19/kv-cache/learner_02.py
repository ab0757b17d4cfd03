import math

import torch
import torch.nn.functional as F


def _rope(t, pos):
    d = t.shape[-1]
    inv = 10000.0 ** (-torch.arange(0, d // 2, dtype=torch.float64, device=t.device) / d)
    ang = pos.to(torch.float64)[:, None] * inv
    cos, sin = ang.cos().to(t.dtype)[None, :, None, :], ang.sin().to(t.dtype)[None, :, None, :]
    x1, x2 = t[..., 0::2], t[..., 1::2]
    return torch.stack((x1 * cos - x2 * sin, x1 * sin + x2 * cos), dim=-1).flatten(-2)


@torch.no_grad()
def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, D = x.shape
    hd = D // n_heads
    pos = torch.arange(start_pos, start_pos + T, device=x.device)
    q = _rope(torch.matmul(x, w_q).view(B, T, n_heads, hd), pos)
    k = _rope(torch.matmul(x, w_k).view(B, T, n_heads, hd), pos)
    v = torch.matmul(x, w_v).view(B, T, n_heads, hd)
    cache_k, cache_v = cache_k.clone(), cache_v.clone()
    cache_k[:, start_pos:start_pos + T] = k
    cache_v[:, start_pos + 1:start_pos + T + 1] = v
    keys, vals = cache_k[:, :start_pos + T].transpose(1, 2), cache_v[:, :start_pos + T].transpose(1, 2)
    s = torch.matmul(q.transpose(1, 2), keys.transpose(-2, -1)) / math.sqrt(hd)
    allowed = torch.arange(start_pos + T, device=x.device)[None, :] < pos[:, None]
    s = torch.where(allowed, s, torch.tensor(float("-inf"), dtype=s.dtype))
    o = torch.matmul(F.softmax(s, dim=-1), vals).transpose(1, 2).reshape(B, T, D)
    return F.linear(o, w_o.t()), cache_k, cache_v
