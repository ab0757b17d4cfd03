import torch


def _theta(*, d, base, device):
    idx = torch.arange(start=0, end=d, step=2, dtype=torch.float64, device=device)
    return torch.pow(input=torch.tensor(base, dtype=torch.float64, device=device), exponent=idx / d)


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2], x.shape[-1]
    if positions is None:
        positions = torch.arange(end=T, device=x.device)
    theta = _theta(d=d, base=base, device=x.device)
    angle = torch.outer(input=positions.to(dtype=torch.float64), vec2=theta)
    cos = torch.cos(input=angle).to(dtype=x.dtype)
    sin = torch.sin(input=angle).to(dtype=x.dtype)
    pairs = x.unflatten(dim=-1, sizes=(d // 2, 2))
    second, first = pairs.unbind(dim=-1)
    out = torch.stack(tensors=(first * cos - second * sin, first * sin + second * cos), dim=-1)
    return out.flatten(start_dim=-2)
