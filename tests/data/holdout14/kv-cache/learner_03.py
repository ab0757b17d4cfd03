import math
import torch


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, D = x.shape
    Dh = D // n_heads
    L = start_pos + T
    q = torch.matmul(x, w_q).unflatten(-1, (n_heads, Dh))
    k = torch.matmul(x, w_k).unflatten(-1, (n_heads, Dh))
    v = torch.matmul(x, w_v).unflatten(-1, (n_heads, Dh))
    theta = 10000.0 ** (-torch.arange(0, Dh, 2, dtype=x.dtype) / Dh)
    ang = torch.arange(start_pos, L, dtype=x.dtype)[:, None] * theta
    cos = ang.cos().repeat(1, 2)[:, None, :]
    sin = ang.sin().repeat_interleave(2, dim=-1)[:, None, :]

    def rot(t):
        pair = torch.stack((-t[..., 1::2], t[..., 0::2]), dim=-1).flatten(-2)
        return t * cos + pair * sin

    q, k = rot(q), rot(k)
    new_k = cache_k
    new_v = cache_v.clone()
    new_k[:, start_pos:L] = k
    new_v[:, start_pos:L] = v
    att = torch.einsum("bqhd,bkhd->bhqk", q, new_k[:, :L]) / math.sqrt(Dh)
    visible = torch.arange(L)[None, :] <= torch.arange(start_pos, L)[:, None]
    att = att.masked_fill(~visible, float("-inf")).softmax(dim=-1)
    out = torch.einsum("bhqk,bkhd->bqhd", att, new_v[:, :L]).reshape(B, T, D)
    return out @ w_o, new_k, new_v
