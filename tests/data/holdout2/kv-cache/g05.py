import torch


def rotate_half(t):
    h = t.shape[-1] // 2
    return torch.cat((-t[..., h:], t[..., :h]), dim=-1)


def apply_rotary(t, pos):
    hd = t.shape[-1]
    inv_freq = 1.0 / (10000.0 ** (torch.arange(0, hd, 2, dtype=torch.float64) / hd))
    freqs = torch.outer(pos.double(), inv_freq)
    emb = torch.cat((freqs, freqs), dim=-1)
    cos = emb.cos()[None, :, None, :].to(t.dtype)
    sin = emb.sin()[None, :, None, :].to(t.dtype)
    return t * cos + rotate_half(t) * sin


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    bsz, seqlen, dim = x.shape
    head_dim = dim // n_heads
    xq = (x @ w_q).view(bsz, seqlen, n_heads, head_dim)
    xk = (x @ w_k).view(bsz, seqlen, n_heads, head_dim)
    xv = (x @ w_v).view(bsz, seqlen, n_heads, head_dim)
    pos = torch.arange(start_pos, start_pos + seqlen)
    xq, xk = apply_rotary(xq, pos), apply_rotary(xk, pos)
    cache_k, cache_v = cache_k.clone(), cache_v.clone()
    cache_k[:, start_pos:start_pos + seqlen] = xk
    cache_v[:, start_pos:start_pos + seqlen] = xv
    keys = cache_k[:, :start_pos + seqlen].transpose(1, 2)
    values = cache_v[:, :start_pos + seqlen].transpose(1, 2)
    scores = xq.transpose(1, 2) @ keys.transpose(2, 3) / dim ** 0.5
    total = start_pos + seqlen
    qpos = pos[:, None]
    kpos = torch.arange(total)[None, :]
    scores = scores.masked_fill(kpos > qpos, float("-inf"))
    probs = torch.softmax(scores, dim=-1)
    out = (probs @ values).transpose(1, 2).reshape(bsz, seqlen, dim)
    return out @ w_o, cache_k, cache_v
