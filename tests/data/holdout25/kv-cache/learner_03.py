import torch


def _rotate(state, t0, base=10000.0):
    # state (B, T, H, dh): each pair (2i, 2i+1) is an oscillator with angular frequency w_i = base^(-2i/dh)
    B, T, H, dh = state.shape
    omega = base ** (-torch.arange(0, dh, 2, dtype=torch.float64, device=state.device) / dh)
    t = torch.arange(t0, t0 + T, dtype=torch.float64, device=state.device)
    phase = torch.outer(t, omega)                                     # (T, dh/2)
    cos = phase.cos().to(state.dtype)[None, :, None, :]
    sin = phase.sin().to(state.dtype)[None, :, None, :]
    x_even, x_odd = state[..., 0::2], state[..., 1::2]
    out = torch.stack((x_even * cos + x_odd * sin, x_even * sin + x_odd * cos), dim=-1)
    return out.flatten(-2)


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    dh = d // n_heads
    t_end = start_pos + T
    q = _rotate((x @ w_q).view(B, T, n_heads, dh), 0)
    k = _rotate((x @ w_k).view(B, T, n_heads, dh), start_pos)
    v = (x @ w_v).view(B, T, n_heads, dh)
    new_k = cache_k.clone()
    new_v = cache_v.clone()
    new_k[:, start_pos:t_end] = k
    new_v[:, start_pos:t_end] = v
    keys = new_k[:, :t_end].transpose(1, 2)                           # (B, H, t_end, dh)
    values = new_v[:, :t_end].transpose(1, 2)
    queries = q.transpose(1, 2)                                       # (B, H, T, dh)
    energy = queries @ keys.transpose(-1, -2) / dh ** 0.5
    t_query = torch.arange(start_pos, t_end, device=x.device)[:, None]
    t_key = torch.arange(t_end, device=x.device)[None, :]
    energy = energy.masked_fill(t_key > t_query, float("-inf"))
    weights = torch.softmax(energy, dim=-1)
    out = (weights @ values).transpose(1, 2).reshape(B, T, d)
    return out @ w_o, new_k, new_v
