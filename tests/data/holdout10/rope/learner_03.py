import torch


def rotate_every_two(t):
    t1 = t[..., ::2]
    t2 = t[..., 1::2]
    return torch.stack((-t2, t1), dim=-1).flatten(-2)


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[0], x.shape[-1]
    pos = torch.arange(T) if positions is None else torch.as_tensor(positions)
    theta = 1.0 / 10000 ** (torch.arange(0, d, 2).double() / d)
    freqs = pos.double()[:, None] * theta[None, :]
    cos = freqs.cos().repeat_interleave(2, dim=-1)
    sin = freqs.sin().repeat_interleave(2, dim=-1)
    return (x * cos + rotate_every_two(x) * sin).to(x.dtype)
