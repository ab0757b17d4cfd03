import torch


def rope(x, positions):
    hd = x.shape[-1]
    freqs = 1.0 / (10000.0 ** (torch.arange(0, hd, 2, dtype=torch.float64) / hd))
    angles = torch.outer(positions.to(torch.float64), freqs)
    rot = torch.polar(torch.ones_like(angles), angles)
    xc = torch.view_as_complex(x.to(torch.float64).reshape(*x.shape[:-1], hd // 2, 2).contiguous())
    out = torch.view_as_real(xc * rot[None, :, None, :]).flatten(-2)
    return out.to(x.dtype)


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    bsz, seqlen, dim = x.shape
    head_dim = dim // n_heads
    xq = (x @ w_q).view(bsz, seqlen, n_heads, head_dim)
    xk = (x @ w_k).view(bsz, seqlen, n_heads, head_dim)
    xv = (x @ w_v).view(bsz, seqlen, n_heads, head_dim)
    pos = torch.arange(seqlen)
    xq, xk = rope(xq, pos), rope(xk, pos)
    cache_k, cache_v = cache_k.clone(), cache_v.clone()
    cache_k[:, start_pos:start_pos + seqlen] = xk
    cache_v[:, start_pos:start_pos + seqlen] = xv
    keys = cache_k[:, :start_pos + seqlen].transpose(1, 2)
    values = cache_v[:, :start_pos + seqlen].transpose(1, 2)
    scores = xq.transpose(1, 2) @ keys.transpose(2, 3) / dim ** 0.5
    mask = torch.full((seqlen, start_pos + seqlen), float("-inf"), dtype=x.dtype)
    mask = torch.triu(mask, diagonal=1)
    scores = torch.softmax(scores + mask, dim=-1)
    out = (scores @ values).transpose(1, 2).reshape(bsz, seqlen, dim)
    return out @ w_o, cache_k, cache_v
