import torch


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2], x.shape[-1]
    if positions is None:
        positions = torch.arange(T, device=x.device)
    freq = base ** (-torch.arange(0, d, 2, dtype=torch.float64, device=x.device) / d)
    phase = positions.to(torch.float64)[:, None] * freq[None, :]
    osc = torch.polar(torch.ones_like(phase), -phase)                   # e^{i m theta}, one per pair
    iq = torch.view_as_complex(x.to(torch.float64).reshape(*x.shape[:-1], 2, d // 2).transpose(-1, -2).contiguous())
    out = torch.view_as_real(iq * osc).reshape(x.shape)
    return out.to(x.dtype)
