import torch


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    bsz, seqlen, dim = x.shape
    head_dim = dim // n_heads
    q = (x @ w_q).view(bsz, seqlen, n_heads, head_dim)
    k = (x @ w_k).view(bsz, seqlen, n_heads, head_dim)
    v = (x @ w_v).view(bsz, seqlen, n_heads, head_dim)
    # rotary embedding (Meta's Llama: interleaved pairs)
    freqs = 1.0 / (10000.0 ** (torch.arange(0, dim, 2, dtype=torch.float64)[: head_dim // 2] / dim))
    t = torch.arange(start_pos, start_pos + seqlen, dtype=torch.float64)
    ang = torch.outer(t, freqs)
    cos, sin = ang.cos()[None, :, None, :], ang.sin()[None, :, None, :]

    def rot(z):
        z0, z1 = z[..., 0::2].double(), z[..., 1::2].double()
        r = torch.stack([z0 * cos - z1 * sin, z0 * sin + z1 * cos], dim=-1)
        return r.flatten(-2).to(z.dtype)

    q, k = rot(q), rot(k)
    cache_k = cache_k.clone()
    cache_v = cache_v.clone()
    cache_k[:, start_pos:start_pos + seqlen] = k
    cache_v[:, start_pos:start_pos + seqlen] = v
    n_keys = start_pos + 1
    keys = cache_k[:, :n_keys].transpose(1, 2)
    values = cache_v[:, :n_keys].transpose(1, 2)
    scores = (q.transpose(1, 2) @ keys.transpose(2, 3)) / head_dim ** 0.5
    qpos = torch.arange(start_pos, start_pos + seqlen)[:, None]
    kpos = torch.arange(n_keys)[None, :]
    scores = scores.masked_fill(kpos > qpos, float("-inf"))
    probs = torch.softmax(scores, dim=-1)
    out = (probs @ values).transpose(1, 2).reshape(bsz, seqlen, dim)
    return out @ w_o, cache_k, cache_v
