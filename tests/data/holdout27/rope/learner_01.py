import torch


class Rotary:
    def __init__(self, d, base=10000.0):
        self.d = d
        self.inv_freq = base ** (-torch.arange(0, d, 2, dtype=torch.float64) / d)
        self._cache = {}

    def angles(self, positions):
        key = tuple(positions.tolist())
        if key not in self._cache:
            self._cache[key] = positions.to(torch.float64)[:, None] * self.inv_freq[None, :]
        return self._cache[key]

    def __call__(self, x, positions):
        ang = self.angles(positions)
        cos, sin = torch.cos(ang).to(x.dtype), torch.sin(ang).to(x.dtype)
        x1, x2 = x[..., : self.d // 2], x[..., self.d // 2 :]
        out = torch.stack((x1 * cos - x2 * sin, x1 * sin + x2 * cos), dim=-1)
        return out.flatten(-2)


def apply_rope(x, positions=None, base=10000.0):
    T, d = x.shape[-2], x.shape[-1]
    if positions is None:
        positions = torch.arange(1, T + 1, device=x.device)
    return Rotary(d, base)(x, positions)
