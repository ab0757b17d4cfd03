import math

import torch


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    hd = d // n_heads
    new_k = cache_k.clone()
    new_v = cache_v.clone()
    pos = torch.arange(start_pos, start_pos + T, dtype=torch.float64)
    freqs = 10000.0 ** (-torch.arange(0, hd, 2, dtype=torch.float64) / hd)
    rot = torch.polar(torch.ones(T, hd // 2, dtype=torch.float64), pos[:, None] * freqs[None, :])

    def rotate(t):
        z = torch.view_as_complex(t.double().reshape(B, T, hd // 2, 2).contiguous())
        return torch.view_as_real(z * rot).reshape(B, T, hd)

    end = start_pos + T
    key_pos = torch.arange(end)
    query_pos = torch.arange(start_pos, end)
    visible = key_pos[None, :] <= query_pos[:, None]
    q_all, k_all, v_all = x @ w_q, x @ w_k, x @ w_v
    heads = []
    for h in range(n_heads):
        cols = slice(h * hd, (h + 1) * hd)
        qh = rotate(q_all[..., cols])
        kh = rotate(k_all[..., cols])
        new_k[:, start_pos:end, h, :] = kh.to(new_k.dtype)
        new_v[:, start_pos:end, h, :] = v_all[..., cols].to(new_v.dtype)
        keys = new_k[:, :end, h, :].double()
        vals = new_v[:, :end, h, :].double()
        s = qh @ keys.transpose(1, 2) / math.sqrt(hd)
        s = s.masked_fill(~visible, float("-inf"))
        heads.append(torch.softmax(s, dim=-1) @ vals)
    merged = torch.cat(heads, dim=-1).to(x.dtype)
    return merged @ w_o, new_k, new_v
