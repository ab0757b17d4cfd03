import torch


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    hd = d // n_heads
    qkv = x @ torch.cat([w_q, w_k, w_v], dim=1)
    q, k, v = qkv.view(B, T, n_heads, 3, hd).unbind(dim=3)
    s = torch.einsum("bqhd,bkhd->bhqk", q, k) * hd ** -0.5
    if mask is not None:
        s = s.masked_fill(~mask.reshape(-1, 1, T, T), float("-inf"))
    p = torch.softmax(s, dim=-1)
    p = torch.where(p.isnan(), torch.zeros_like(p), p)
    o = torch.einsum("bhqk,bkhd->bqhd", p, v)
    return o.reshape(B, T, d) @ w_o
