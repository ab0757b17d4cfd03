import math
import torch


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    dh = d // n_heads
    end = start_pos + T
    pos = torch.arange(start_pos, end, dtype=torch.float64)
    inv_freq = 1.0 / 10000 ** (torch.arange(0, dh, 2, dtype=torch.float64) / dh)
    ang = pos[:, None] * inv_freq[None, :]
    cos, sin = ang.cos()[None, :, None, :].to(x.dtype), ang.sin()[None, :, None, :].to(x.dtype)

    def rot(t):
        a, b = t[..., 0::2], t[..., 1::2]
        return torch.stack((a * cos - b * sin, a * sin + b * cos), dim=-1).flatten(-2)

    q = rot((x @ w_q).view(B, T, n_heads, dh))
    k = rot((x @ w_k).view(B, T, n_heads, dh))
    v = (x @ w_v).view(B, T, n_heads, dh)
    new_k = torch.cat([cache_k[:, :start_pos], k, cache_k[:, end:]], dim=1)
    new_v = torch.cat([cache_v[:, :start_pos], v, cache_v[:, end:]], dim=1)
    K, V = new_k[:, :end - 1], new_v[:, :end - 1]
    att = torch.einsum("bqhd,bkhd->bhqk", q, K) / math.sqrt(dh)
    qi = torch.arange(T)[:, None] + start_pos
    kj = torch.arange(K.shape[1])[None, :]
    att = att.masked_fill(kj > qi, float("-inf")).softmax(-1)
    out = torch.einsum("bhqk,bkhd->bqhd", att, V).reshape(B, T, d)
    return out @ w_o, cache_k, new_v
