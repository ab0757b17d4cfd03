from dataclasses import dataclass

import torch


@dataclass(frozen=True)
class AlibiConfig:
    n_heads: int
    seq_len: int
    max_exponent: float = 2.0

    def slopes(self):
        h = torch.arange(1, self.n_heads + 1, dtype=torch.float64)
        return torch.pow(2.0, -self.max_exponent * h / self.n_heads)

    def distances(self):
        pos = torch.arange(self.seq_len, dtype=torch.float64)
        return (pos[:, None] - pos[None, :])


def alibi_bias(n_heads, T):
    cfg = AlibiConfig(n_heads=n_heads, seq_len=T)
    return -cfg.slopes()[:, None, None] * cfg.distances()[None, :, :]
