import math
import torch


def rotate_pairs(x):
    # (x0, x1) -> (-x1, x0) for every interleaved pair
    x0 = x[..., 0::2]
    x1 = x[..., 1::2]
    return torch.stack((-x1, x0), dim=-1).flatten(-2)


def apply_rotary(x, positions):
    # x (B, T, H, hd)
    hd = x.size(-1)
    freqs = 1.0 / (10000 ** (torch.arange(0, hd, 2, dtype=torch.float64) / hd))
    ang = positions.double()[:, None] * freqs[None]  # (T, hd/2)
    ang = torch.cat([ang, ang], dim=-1)  # (T, hd), one angle per element
    cos = ang.cos().to(x.dtype)[None, :, None, :]
    sin = ang.sin().to(x.dtype)[None, :, None, :]
    return x * cos + rotate_pairs(x) * sin


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    bsz, seqlen, dim = x.shape
    head_dim = dim // n_heads
    xq = (x @ w_q).view(bsz, seqlen, n_heads, head_dim)
    xk = (x @ w_k).view(bsz, seqlen, n_heads, head_dim)
    xv = (x @ w_v).view(bsz, seqlen, n_heads, head_dim)

    positions = torch.arange(start_pos, start_pos + seqlen)
    xq = apply_rotary(xq, positions)
    xk = apply_rotary(xk, positions)

    new_k = cache_k.clone()
    new_v = cache_v.clone()
    cache_k[:, start_pos:start_pos + seqlen] = xk
    new_v[:, start_pos:start_pos + seqlen] = xv

    keys = new_k[:, :start_pos + seqlen].transpose(1, 2)
    values = new_v[:, :start_pos + seqlen].transpose(1, 2)
    xq = xq.transpose(1, 2)
    scores = torch.matmul(xq, keys.transpose(2, 3)) / math.sqrt(head_dim)
    if seqlen > 1:
        mask = torch.full((seqlen, seqlen), float("-inf"), dtype=x.dtype).triu(1)
        mask = torch.cat([torch.zeros(seqlen, start_pos, dtype=x.dtype), mask], dim=1)
        scores = scores + mask
    scores = torch.softmax(scores, dim=-1)
    out = torch.matmul(scores, values).transpose(1, 2).reshape(bsz, seqlen, -1)
    return out @ w_o, new_k, new_v
