import math
import torch


def rotate(x, pos, base=10000.0):
    """RoFormer eq. 34 on interleaved pairs: x (B, T, H, d_head), pos (T,) absolute positions."""
    d_head = x.shape[-1]
    theta = base ** (-torch.arange(0, d_head, 2, dtype=torch.float64) / d_head)   # theta_i
    m_theta = pos.to(torch.float64)[:, None] * theta[None, :]                     # m * theta_i
    cos = torch.cos(m_theta)[None, :, None, :].to(x.dtype)
    sin = torch.sin(m_theta)[None, :, None, :].to(x.dtype)
    x_even, x_odd = x[..., 0::2], x[..., 1::2]
    return torch.stack([x_even * cos - x_odd * sin, x_even * sin + x_odd * cos], dim=-1).flatten(-2)


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    """One attention layer over the cache (Llama's layout (B, max_seq, H, d_head))."""
    B, T, d_model = x.shape
    d_head = d_model // n_heads
    pos = torch.arange(T)
    xq = rotate((x @ w_q).view(B, T, n_heads, d_head), pos)
    xk = rotate((x @ w_k).view(B, T, n_heads, d_head), pos)
    xv = (x @ w_v).view(B, T, n_heads, d_head)
    cache_k, cache_v = cache_k.clone(), cache_v.clone()
    cache_k[:, start_pos:start_pos + T] = xk
    cache_v[:, start_pos:start_pos + T] = xv
    keys = cache_k[:, :start_pos + T].transpose(1, 2)      # (B, H, T_k, d_head)
    values = cache_v[:, :start_pos + T].transpose(1, 2)
    queries = xq.transpose(1, 2)                             # (B, H, T, d_head)
    # Attention(Q, K, V) = softmax(Q K^T / sqrt(d_k)) V, query start_pos + i sees keys <= start_pos + i
    scores = queries @ keys.transpose(-2, -1) / math.sqrt(d_head)
    T_k = start_pos + T
    allowed = torch.ones(T, T_k, dtype=torch.bool).tril(T_k - T)
    scores = scores.masked_fill(~allowed, float("-inf"))
    head_i = torch.softmax(scores, dim=-1) @ values
    out = head_i.reshape(B, T, d_model) @ w_o
    return out, cache_k, cache_v
