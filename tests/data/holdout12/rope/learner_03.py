import torch


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2:]
    pos = torch.arange(T) if positions is None else torch.as_tensor(positions)
    i = torch.arange(d // 2, dtype=torch.float64)
    freqs = 10000.0 ** (-2 * i / d)
    ang = pos.to(torch.float64)[:, None] * freqs
    cos = ang.cos().repeat_interleave(2, dim=-1).to(x.dtype)
    sin = ang.sin().repeat_interleave(2, dim=-1).to(x.dtype)
    x_rot = torch.cat((-x[..., 1::2], x[..., ::2]), dim=-1)
    return x * cos + x_rot * sin
