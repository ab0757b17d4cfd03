"""Lesson 21, Exercise 3: sinusoidal and RoPE encodings side by side; the encoding matrix, and
the dot product of positions m and n as a function of m - n (the relative property, visible)."""

from __future__ import annotations

import torch

from engine.positional import apply_rope, sinusoidal


def encoding_matrix(T: int = 48, d: int = 64) -> torch.Tensor:
    return sinusoidal(T, d, dtype=torch.float64)


def rope_scores(d: int = 64, offsets=range(-24, 25), starts=(30, 200, 1000), seed: int = 0) -> dict[int, list[float]]:
    """(R_m q) . (R_n k) for fixed random q, k, at n = m - offset, for several m: the columns agree."""
    g = torch.Generator().manual_seed(seed)
    q, k = torch.randn(1, d, generator=g, dtype=torch.float64), torch.randn(1, d, generator=g, dtype=torch.float64)
    out = {}
    for off in offsets:
        out[off] = [(apply_rope(q, torch.tensor([m])) @ apply_rope(k, torch.tensor([m - off])).T).item()
                    for m in starts]
    return out


def sinusoidal_scores(d: int = 64, offsets=range(-24, 25), starts=(30, 200, 1000)) -> dict[int, list[float]]:
    """PE(m) . PE(m - offset): a sum of cos(w_i * offset), so it too depends on the offset alone. It is the
    encodings' own product, not an attention score: a model's score passes x + PE through W_Q and W_K,
    and its content-position terms depend on m and n themselves, and in general its position-position
    term PE_m W_Q W_K^T PE_n too (relative only when W_Q W_K^T acts on each frequency's sin-cos pair as a
    scaled rotation and mixes no two frequencies)."""
    T = max(starts) + max(offsets) + 1
    pe = sinusoidal(T + 64, d, dtype=torch.float64)
    return {off: [(pe[m] @ pe[m - off]).item() for m in starts] for off in offsets}


def relative_spread(scores: dict[int, list[float]]) -> float:
    """The largest disagreement between starting positions at one offset (0: purely relative)."""
    return max(max(v) - min(v) for v in scores.values())
