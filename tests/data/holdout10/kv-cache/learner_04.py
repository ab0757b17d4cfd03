import math

import torch


def rotate_pairs(t, pos):
    # t: (B, T, H, D); interleaved pairs (t[..., 2i], t[..., 2i+1])
    D = t.shape[-1]
    theta = 1.0 / (10000 ** (torch.arange(0, D, 2, dtype=torch.float64) / D))
    angles = torch.outer(pos.double(), theta)  # (T, D/2)
    c = angles.cos().to(t.dtype)[None, :, None, :]
    s = angles.sin().to(t.dtype)[None, :, None, :]
    pairs = t.unflatten(-1, (D // 2, 2))
    a, b = pairs[..., 0], pairs[..., 1]
    return torch.stack((a * c - b * s, a * s + b * c), dim=-1).flatten(-2)


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    bsz, seqlen, dim = x.shape
    head_dim = dim // n_heads
    xq = (x @ w_q).view(bsz, seqlen, n_heads, head_dim)
    xk = (x @ w_k).view(bsz, seqlen, n_heads, head_dim)
    xv = (x @ w_k).view(bsz, seqlen, n_heads, head_dim)
    pos = torch.arange(start_pos, start_pos + seqlen)
    xq, xk = rotate_pairs(xq, pos), rotate_pairs(xk, pos)
    ck, cv = cache_k.clone(), cache_v.clone()
    ck[:, start_pos:start_pos + seqlen] = xk
    cv[:, start_pos:start_pos + seqlen] = xv
    keys = ck[:, : start_pos + seqlen]
    values = cv[:, : start_pos + seqlen]
    scores = torch.einsum("bqhd,bkhd->bhqk", xq, keys) / math.sqrt(head_dim)
    mask = torch.ones(seqlen, start_pos + seqlen, dtype=torch.bool).tril(start_pos)
    scores = scores.masked_fill(~mask, float("-inf"))
    probs = scores.softmax(dim=-1)
    out = torch.einsum("bhqk,bkhd->bqhd", probs, values).reshape(bsz, seqlen, dim)
    return out @ w_o, cache_k, cache_v
