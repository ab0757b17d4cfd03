import math
import torch


def rotate_every_two(t):
    t1 = t[..., ::2]
    t2 = t[..., 1::2]
    return torch.stack((-t2, t1), dim=-1).flatten(-2)


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    bsz, seqlen, dim = x.shape
    head_dim = dim // n_heads
    xq = torch.matmul(x, w_q).view(bsz, seqlen, n_heads, head_dim)
    xk = torch.matmul(x, w_k).view(bsz, seqlen, n_heads, head_dim)
    xv = torch.matmul(x, w_v).view(bsz, seqlen, n_heads, head_dim)
    inv_freq = 1.0 / (10000 ** (torch.arange(0, head_dim, 2, dtype=torch.float64) / head_dim))
    t = torch.arange(start_pos, start_pos + seqlen, dtype=torch.float64)
    ang = torch.outer(t, inv_freq).repeat(1, 2)
    cos = ang.cos()[None, :, None, :].to(x.dtype)
    sin = ang.sin()[None, :, None, :].to(x.dtype)
    xq = xq * cos + rotate_every_two(xq) * sin
    xk = xk * cos + rotate_every_two(xk) * sin
    new_k = torch.cat([cache_k[:, :start_pos], xk, cache_k[:, start_pos + seqlen:]], dim=1)
    new_v = torch.cat([cache_v[:, :seqlen], xv, cache_v[:, start_pos + seqlen:]], dim=1)
    total = start_pos + seqlen
    scores = torch.einsum("bqhd,bkhd->bhqk", xq, new_k[:, :total]) / math.sqrt(dim)
    qpos = torch.arange(start_pos, total).unsqueeze(1)
    kpos = torch.arange(total).unsqueeze(0)
    scores = torch.where(kpos <= qpos, scores, torch.tensor(float("-inf"), dtype=scores.dtype))
    probs = torch.softmax(scores, dim=-1)
    out = torch.einsum("bhqk,bkhd->bqhd", probs, new_v[:, :total]).reshape(bsz, seqlen, dim)
    return torch.matmul(out, w_o), new_k, new_v
