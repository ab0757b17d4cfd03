import torch


def apply_rope(x, positions=None, base=10000.0):
    *lead, T, d = x.shape
    if positions is None:
        positions = torch.arange(T)
    pos = torch.as_tensor(positions).to(torch.float64)
    inv = base ** (-torch.arange(0, d, 2, dtype=torch.float64) / d)
    rot = torch.polar(torch.ones(T, d // 2, dtype=torch.float64), torch.outer(pos, inv))
    pairs = torch.view_as_complex(x.to(torch.float64).reshape(*lead, T, d // 2, 2).contiguous())
    turned = torch.view_as_real(pairs * rot).reshape(x.shape)
    return turned.to(x.dtype)
