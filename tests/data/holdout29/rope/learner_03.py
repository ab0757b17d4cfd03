import torch


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2], x.shape[-1]
    pos = torch.arange(T) if positions is None else torch.as_tensor(positions)
    pos = pos.to(torch.float64)
    out = torch.empty_like(x)
    for col in range(d):
        i, odd = divmod(col, 2)  # pair number, and which lane of the pair
        angle = pos * base ** (-2.0 * col / d)
        c, s = torch.cos(angle).to(x.dtype), torch.sin(-angle).to(x.dtype)
        partner = x[..., col - 1] if odd else x[..., col + 1]
        if odd:
            out[..., col] = partner * s + x[..., col] * c
        else:
            out[..., col] = x[..., col] * c - partner * s
    return out
