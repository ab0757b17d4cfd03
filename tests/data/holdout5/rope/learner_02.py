import torch


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2:]
    pos = torch.arange(T) if positions is None else torch.as_tensor(positions)
    freqs = 1.0 / (base ** (torch.arange(0, d, 2, dtype=torch.float64) / d))
    ang = torch.outer(pos.double(), freqs)
    c, s = ang.cos().to(x.dtype), ang.sin().to(x.dtype)
    out = x.clone()
    ev, od = out[..., 0::2], out[..., 1::2]
    out[..., 0::2] = ev * c - od * s
    out[..., 1::2] = ev * s + od * c
    return out
