import torch


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    dh = d // n_heads
    q = torch.einsum("btd,de->bte", x, w_q).reshape(B, T, n_heads, dh)
    k = torch.einsum("btd,de->bte", x, w_k).reshape(B, T, n_heads, dh)
    v = torch.einsum("btd,de->bte", x, w_v).reshape(B, T, n_heads, dh)
    pos = torch.arange(start_pos, start_pos + T, dtype=torch.float64)
    freq = 10000.0 ** (-torch.arange(0, dh, 2, dtype=torch.float64) / dh)
    ang = torch.einsum("t,f->tf", pos, freq)
    rot = torch.polar(torch.ones_like(ang), ang)[None, :, None, :]

    def rope(t):
        z = torch.view_as_complex(t.to(torch.float64).reshape(*t.shape[:-1], -1, 2).contiguous())
        return torch.view_as_real(z * rot).flatten(-2).to(t.dtype)

    q, k, v = rope(q), rope(k), rope(v)
    new_k = torch.cat([cache_k[:, :start_pos], k, cache_k[:, start_pos + T:]], dim=1)
    new_v = torch.cat([cache_v[:, :start_pos], v, cache_v[:, start_pos + T:]], dim=1)
    n = start_pos + T
    s = torch.einsum("bqhe,bkhe->bhqk", q, new_k[:, :n]) * d ** -0.5
    keep = torch.arange(n)[None, :] <= torch.arange(start_pos, n)[:, None]
    s = s.masked_fill(~keep, float("-inf"))
    p = torch.exp(s - s.amax(-1, keepdim=True))
    p = p / p.sum(-1, keepdim=True)
    o = torch.einsum("bhqk,bkhe->bqhe", p, new_v[:, :n]).reshape(B, T, d)
    return torch.einsum("btd,de->bte", o, w_o), new_k, new_v
