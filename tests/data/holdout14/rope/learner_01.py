import torch


def apply_rope(x, positions=None, base=10000.0):
    seq_len, dim = x.shape[-2:]
    pos = torch.arange(seq_len, dtype=torch.float64)
    freqs = torch.pow(base, -torch.arange(0, dim, 2, dtype=torch.float64) / dim)
    angle = torch.outer(pos, freqs)
    cos = torch.cos(angle).repeat_interleave(2, dim=-1).to(x.dtype)
    sin = torch.sin(angle).repeat_interleave(2, dim=-1).to(x.dtype)
    x1 = x[..., ::2]
    x2 = x[..., 1::2]
    rotated = torch.cat((-x2, x1), dim=-1)
    return x * cos + rotated * sin
