import torch


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    bsz, seqlen, dim = x.shape
    head_dim = dim // n_heads
    freqs = 1.0 / (10000.0 ** (torch.arange(0, head_dim, 2, dtype=torch.float64) / head_dim))
    t = torch.arange(start_pos, start_pos + seqlen, dtype=torch.float64)
    angles = torch.outer(t, freqs)
    cos = torch.cos(angles).to(x.dtype).view(1, seqlen, 1, head_dim // 2)
    sin = torch.sin(angles).to(x.dtype).view(1, seqlen, 1, head_dim // 2)

    def rot(z):
        z = z.view(bsz, seqlen, n_heads, head_dim)
        x0, x1 = z[..., 0::2], z[..., 1::2]
        out = torch.empty_like(z)
        out[..., 0::2] = x0 * cos - x1 * sin
        out[..., 1::2] = x1 * sin + x0 * cos
        return out

    xq, xk = rot(x @ w_q), rot(x @ w_k)
    xv = (x @ w_v).view(bsz, seqlen, n_heads, head_dim)
    ck, cv = cache_k.clone(), cache_v.clone()
    ck[:, start_pos:start_pos + seqlen] = xk
    cv[:, start_pos:start_pos + seqlen] = xv
    total = start_pos + seqlen
    keys, values = ck[:, :total], cv[:, :total]
    scores = torch.einsum("bqhd,bkhd->bhqk", xq, keys) * head_dim ** -0.5
    i = torch.arange(seqlen).view(-1, 1)
    j = torch.arange(total).view(1, -1)
    scores = scores.masked_fill(j > i + seqlen, float("-inf"))
    probs = scores.softmax(dim=-1)
    out = torch.einsum("bhqk,bkhd->bqhd", probs, values).reshape(bsz, seqlen, dim)
    return out @ w_o, ck, cv
