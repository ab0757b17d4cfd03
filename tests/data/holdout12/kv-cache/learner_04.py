import torch


def precompute(dh, positions):
    freqs = 1.0 / (10000.0 ** (torch.arange(0, dh, 2, dtype=torch.float64) / dh))
    angles = torch.outer(positions.double(), freqs)
    return torch.polar(torch.ones_like(angles), angles)


def rope(t, rot):
    tc = torch.view_as_complex(t.double().reshape(*t.shape[:-1], -1, 2))
    out = torch.view_as_real(tc * rot[:, None, :]).flatten(-2)
    return out.to(t.dtype)


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    bsz, seqlen, dim = x.shape
    head_dim = dim // n_heads
    rot = precompute(head_dim, torch.arange(start_pos, start_pos + seqlen))
    xq = (x @ w_q).view(bsz, seqlen, n_heads, head_dim)
    xk = rope((x @ w_k).view(bsz, seqlen, n_heads, head_dim), rot)
    xv = (x @ w_v).view(bsz, seqlen, n_heads, head_dim)
    cache_k, cache_v = cache_k.clone(), cache_v.clone()
    cache_k[:, start_pos:start_pos + seqlen] = xk
    cache_v[:, start_pos:start_pos + seqlen] = xv
    keys = cache_k[:, :start_pos + seqlen].permute(0, 2, 3, 1)
    values = cache_v[:, :start_pos + seqlen].permute(0, 2, 1, 3)
    scores = torch.matmul(xq.transpose(1, 2), keys) / head_dim ** 0.5
    if seqlen > 1:
        mask = torch.full((seqlen, start_pos + seqlen), float("-inf"), dtype=x.dtype)
        mask = torch.triu(mask, diagonal=1)
        scores = scores + mask
    probs = torch.softmax(scores.double(), dim=-1).to(x.dtype)
    output = torch.matmul(probs, values).transpose(1, 2).reshape(bsz, seqlen, dim)
    return output @ w_o, cache_k, cache_v
