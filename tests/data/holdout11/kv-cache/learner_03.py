import torch


def rope(x, start_pos):
    # x: (B, T, H, dh); pair (2i, 2i+1) turns by position * theta_i
    B, T, H, dh = x.shape
    theta = 10000.0 ** (-torch.arange(0, dh, 2, dtype=torch.float64) / dh)
    pos = torch.arange(start_pos, start_pos + T, dtype=torch.float64)
    freqs = torch.polar(torch.ones(T, dh // 2, dtype=torch.float64), torch.outer(pos, theta))
    xc = torch.view_as_complex(x.double().reshape(B, T, H, dh // 2, 2))
    return torch.view_as_real(xc * freqs[None, :, None, :]).reshape(B, T, H, dh).to(x.dtype)


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    hd = d // n_heads
    xq = rope((x @ w_q).view(B, T, n_heads, hd), start_pos)
    xk = rope((x @ w_k).view(B, T, n_heads, hd), start_pos)
    xv = rope((x @ w_v).view(B, T, n_heads, hd), start_pos)
    cache_k = cache_k.clone()
    cache_v = cache_v.clone()
    cache_k[:, start_pos:start_pos + T] = xk
    cache_v[:, start_pos:start_pos + T] = xv
    keys = cache_k[:, :start_pos + T].transpose(1, 2)
    values = cache_v[:, :start_pos + T].transpose(1, 2)
    scores = xq.transpose(1, 2) @ keys.transpose(2, 3) / hd ** 0.5
    mask = torch.ones(T, start_pos + T, dtype=torch.bool).tril(diagonal=0)
    scores = scores.masked_fill(~mask, float("-inf")).softmax(dim=-1)
    out = (scores @ values).transpose(1, 2).reshape(B, T, d)
    return out @ w_o, cache_k, cache_v
