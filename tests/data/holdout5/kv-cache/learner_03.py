import math
import torch


def rope(x, positions):
    # x (B, T, H, Dh); interleaved pairs
    Dh = x.shape[-1]
    theta = 10000.0 ** (-torch.arange(0, Dh, 2, dtype=torch.float64) / Dh)
    ang = positions.to(torch.float64)[:, None] * theta[None, :]
    cos = ang.cos().to(x.dtype)[None, :, None, :]
    sin = ang.sin().to(x.dtype)[None, :, None, :]
    x1, x2 = x[..., 0::2], x[..., 1::2]
    return torch.stack((x1 * cos - x2 * sin, x1 * sin + x2 * cos), dim=-1).flatten(-2)


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, D = x.shape
    Dh = D // n_heads
    pos = torch.arange(start_pos, start_pos + T, device=x.device)
    q = rope((x @ w_q).view(B, T, n_heads, Dh), pos)
    k = rope((x @ w_k).view(B, T, n_heads, Dh), pos)
    v = (x @ w_v).view(B, T, n_heads, Dh)
    new_k, new_v = cache_k, cache_v
    new_k[:, start_pos:start_pos + T] = k
    new_v[:, start_pos:start_pos + T] = v
    keys = new_k[:, :start_pos + T].transpose(1, 2)
    values = new_v[:, :start_pos + T].transpose(1, 2)
    scores = q.transpose(1, 2) @ keys.transpose(-1, -2) / math.sqrt(Dh)
    q_pos = pos[:, None]
    k_pos = torch.arange(start_pos + T, device=x.device)[None, :]
    scores = scores.masked_fill(k_pos > q_pos, float("-inf"))
    attn = torch.softmax(scores, dim=-1)
    out = (attn @ values).transpose(1, 2).reshape(B, T, D)
    return out @ w_o, new_k, new_v
