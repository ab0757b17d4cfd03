import math
import torch


def apply_rope(x, pos):
    dh = x.shape[-1]
    freqs = 10000.0 ** (-torch.arange(0, dh, 2, dtype=torch.float64) / dh)
    angles = pos.double()[:, None] * freqs[None, :]
    rot = torch.polar(torch.ones_like(angles), angles)[None, :, None, :]
    xc = torch.view_as_complex(x.double().reshape(*x.shape[:-1], -1, 2).contiguous())
    return torch.view_as_real(xc * rot).flatten(-2).to(x.dtype)


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    hd = d // n_heads
    q = (x @ w_q).view(B, T, n_heads, hd)
    k = (x @ w_k).view(B, T, n_heads, hd)
    v = (x @ w_v).view(B, T, n_heads, hd)
    pos = torch.arange(start_pos, start_pos + T)
    q_rot, k_rot = apply_rope(q, pos), apply_rope(k, pos)
    cache_k = cache_k.clone()
    cache_v = cache_v.clone()
    cache_k[:, start_pos:start_pos + T] = k
    cache_v[:, start_pos:start_pos + T] = v
    keys = cache_k[:, :start_pos + T]
    vals = cache_v[:, :start_pos + T]
    scores = torch.einsum("bthd,bshd->bhts", q_rot, keys) / math.sqrt(hd)
    mask = torch.arange(start_pos + T)[None, :] > pos[:, None]
    scores = scores.masked_fill(mask, float("-inf"))
    probs = torch.softmax(scores, dim=-1)
    out = torch.einsum("bhts,bshd->bthd", probs, vals).reshape(B, T, d)
    return out @ w_o, cache_k, cache_v
