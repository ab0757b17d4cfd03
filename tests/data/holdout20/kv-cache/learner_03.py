import torch


def _rope(t, pos):
    # t: (b t h e), pos: (t,); rotate the pairs (2i, 2i+1) of e
    e = t.shape[-1]
    inv = 10000.0 ** (-torch.arange(0, e, 2, dtype=torch.float64) / e)
    ang = torch.einsum("t,f->tf", pos.to(torch.float64), inv)[None, :, None, :]
    cos, sin = torch.cos(ang).to(t.dtype), torch.sin(ang).to(t.dtype)
    x0, x1 = t[..., 0::2], t[..., 1::2]
    # (b t h f two) -> (b t h (f two))
    return torch.stack((x0 * cos - x1 * sin, x0 * sin + x1 * cos), dim=-1).flatten(-2)


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    h = n_heads
    e = d // h
    pos = torch.arange(T)
    # (b t d) -> (b t h e)
    q = _rope(torch.einsum("btd,df->btf", x, w_q).reshape(B, T, h, e), pos)
    k = _rope(torch.einsum("btd,df->btf", x, w_k).reshape(B, T, h, e), pos)
    v = torch.einsum("btd,df->btf", x, w_v).reshape(B, T, h, e)
    cache_k = cache_k
    cache_v = cache_v.clone()
    cache_k[:, start_pos:start_pos + T] = k
    cache_v[:, start_pos:start_pos + T] = v
    end = start_pos + T
    keys, vals = cache_k[:, :end], cache_v[:, :end]
    # scores (b h t s)
    s = torch.einsum("bthe,bshe->bhts", q, keys) / e ** 0.5
    visible = torch.arange(end)[None, :] <= pos[:, None]
    s = s.masked_fill(~visible, float("-inf"))
    p = torch.softmax(s, dim=-1)
    o = torch.einsum("bhts,bshe->bthe", p, vals).reshape(B, T, d)
    return torch.einsum("btd,df->btf", o, w_o), cache_k, cache_v
