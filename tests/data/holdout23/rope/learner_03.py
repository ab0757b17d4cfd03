import torch


def apply_rope(x, positions=None, base=10000.0):
    # Step 1: sizes; d must be even.
    T, d = x.shape[-2], x.shape[-1]
    # Step 2: default positions 0..T-1.
    if positions is None:
        positions = torch.arange(T)
    # Step 3: theta_i = base^(-2i/d) for i = 0..d/2-1, in float64.
    i = torch.arange(0, d // 2, dtype=torch.float64)
    theta = base ** (-i / d)
    # Step 4: angle[m, i] = position_m * theta_i.
    angle = positions.to(torch.float64)[:, None] * theta[None, :]
    cos, sin = torch.cos(angle).to(x.dtype), torch.sin(angle).to(x.dtype)
    # Step 5: rotate each interleaved pair (x[2i], x[2i+1]).
    x_even, x_odd = x[..., 0::2], x[..., 1::2]
    out = torch.empty_like(x)
    out[..., 0::2] = x_even * cos + x_odd * sin
    out[..., 1::2] = x_even * sin + x_odd * cos
    # Step 6: same shape and dtype as the input.
    return out
