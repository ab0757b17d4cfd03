import torch


def grouped_query_attention(q, k, v, causal=False):
    B, n_heads, Tq, d = q.shape
    n_kv_heads, Tk = k.shape[1], k.shape[2]
    scale = d ** -0.5
    q = q.mul_(scale)
    k = k[:, :, None].expand(B, n_kv_heads, n_heads // n_kv_heads, Tk, d).reshape(B, n_heads, Tk, d)
    v = v[:, :, None].expand(B, n_kv_heads, n_heads // n_kv_heads, Tk, d).reshape(B, n_heads, Tk, d)
    att = torch.einsum("bhqd,bhkd->bhqk", q, k)
    if causal:
        qi = torch.arange(Tq)[:, None]
        kj = torch.arange(Tk)[None, :]
        att = att.masked_fill(kj - qi > Tk - Tq, float("-inf"))
    top = att.amax(-1, keepdim=True).clamp_min(torch.finfo(att.dtype).min)
    p = (att - top).exp()
    out = torch.einsum("bhqk,bhkd->bhqd", p, v) / p.sum(-1, keepdim=True)
    seen = (kj - qi < Tk - Tq).any(-1) if causal else torch.ones(Tq, dtype=torch.bool)
    return torch.where(seen[:, None], out, torch.zeros_like(out))
