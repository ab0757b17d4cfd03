from dataclasses import dataclass

import torch

SLOPE_EXPONENT: float = 8.0


@dataclass(frozen=True)
class AlibiConfig:
    n_heads: int
    seq_len: int


def _validate(cfg: AlibiConfig) -> None:
    """Check that the head count is a positive power of two."""
    if cfg.n_heads <= 0 or cfg.n_heads & (cfg.n_heads - 1):
        raise ValueError(f"n_heads must be a power of two, got {cfg.n_heads}")
    if cfg.seq_len < 1:
        raise ValueError("seq_len must be positive")


def _slopes(n_heads: int) -> torch.Tensor:
    """Geometric slopes m_h = 2^(-8 (h + 1) / n_heads), one per head."""
    exponents = torch.arange(n_heads, 0, -1, dtype=torch.float64)
    return torch.pow(2.0, -SLOPE_EXPONENT * exponents / n_heads)


def _distances(seq_len: int) -> torch.Tensor:
    """Distance between every query position i and key position j."""
    positions = torch.arange(seq_len, dtype=torch.float64)
    return (positions[:, None] - positions[None, :]).clamp(min=0)


def alibi_bias(n_heads: int, T: int) -> torch.Tensor:
    cfg = AlibiConfig(n_heads=n_heads, seq_len=T)
    _validate(cfg)
    slopes = _slopes(cfg.n_heads)
    return -slopes.view(-1, 1, 1) * _distances(cfg.seq_len).unsqueeze(0)
