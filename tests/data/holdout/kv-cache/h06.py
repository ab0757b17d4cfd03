import math

import torch


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    hd = d // n_heads
    inv_freq = 1.0 / (10000.0 ** (torch.arange(0, hd, 2, dtype=torch.float64) / d))
    t = torch.arange(start_pos, start_pos + T, dtype=torch.float64)
    freqs = torch.outer(t, inv_freq)
    cos = freqs.cos().to(x.dtype)[None, :, None, :]
    sin = freqs.sin().to(x.dtype)[None, :, None, :]

    def rot(z):
        z = z.view(B, T, n_heads, hd)
        ev, od = z[..., 0::2], z[..., 1::2]
        return torch.stack((ev * cos - od * sin, ev * sin + od * cos), dim=-1).flatten(-2)

    q = rot(x @ w_q)
    k = rot(x @ w_k)
    v = (x @ w_v).view(B, T, n_heads, hd)
    ck, cv = cache_k.clone(), cache_v.clone()
    ck[:, start_pos:start_pos + T] = k
    cv[:, start_pos:start_pos + T] = v
    L = start_pos + T
    q = q.transpose(1, 2)
    kk = ck[:, :L].transpose(1, 2)
    vv = cv[:, :L].transpose(1, 2)
    s = q @ kk.transpose(-1, -2) / math.sqrt(hd)
    qi = torch.arange(start_pos, L)[:, None]
    kj = torch.arange(L)[None, :]
    s = s.masked_fill(kj > qi, float("-inf"))
    a = torch.softmax(s, dim=-1)
    out = (a @ vv).transpose(1, 2).reshape(B, T, d)
    return out @ w_o, ck, cv
