"""The no-scaling experiment of Transformers Part 1, honestly: the attention row att[0, 0, query]
with and without 1/sqrt(d_head), its largest weight and entropy, and the softmax gradient."""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass

import torch
from torch import nn


@dataclass
class Row:
    weights: list[float]
    max_prob: float
    entropy: float  # nats; uniform over k keys is ln k
    grad_norm: float  # Frobenius norm of the softmax Jacobian d p / d logits


def _row(logits: torch.Tensor) -> Row:
    p = torch.softmax(logits, dim=-1)
    jac = torch.diag(p) - torch.outer(p, p)
    ent = -(p * p.clamp_min(1e-300).log()).sum()
    return Row(p.tolist(), p.max().item(), ent.item(), torch.linalg.matrix_norm(jac).item())


def experiment(d_model: int = 128, n_heads: int = 4, T: int = 16, seed: int = 0, query: int = 5,
               input_scale: float = 1.0, unit_qk: bool = False, d_head: int | None = None) -> tuple[Row, Row]:
    """(scaled, unscaled) rows for query `query` over its query+1 visible keys: the seed's module
    exactly (float32, default nn.Linear init, torch.manual_seed(seed), x = randn(2, T, d_model)).
    With unit_qk, q and k are unit-variance vectors of d_head entries (default 128) instead."""
    torch.manual_seed(seed)
    if unit_qk:
        d_head = d_head or 128
        q = torch.randn(d_head)
        k = torch.randn(query + 1, d_head)
    else:
        d_head = d_model // n_heads
        qkv = nn.Linear(d_model, 3 * d_model, bias=False)  # default init, from the global generator
        x = torch.randn(2, T, d_model) * input_scale
        with torch.no_grad():
            qs, ks, _ = qkv(x).chunk(3, dim=-1)
        q = qs[0, query, :d_head]  # head 0 of batch 0: att[0, 0, query]
        k = ks[0, : query + 1, :d_head]
    logits = (k @ q).double()
    return _row(logits / math.sqrt(d_head)), _row(logits)


def sweep(seeds: int = 200, **kw) -> dict:
    """Over many seeds: the median largest weight and the share of rows above 0.9, both ways."""
    scaled, unscaled = zip(*(experiment(seed=s, **kw) for s in range(seeds)))
    return {
        "seeds": seeds,
        "median_max_scaled": statistics.median(r.max_prob for r in scaled),
        "median_max_unscaled": statistics.median(r.max_prob for r in unscaled),
        "share_above_0.9_scaled": sum(r.max_prob > 0.9 for r in scaled) / seeds,
        "share_above_0.9_unscaled": sum(r.max_prob > 0.9 for r in unscaled) / seeds,
        "median_entropy_scaled": statistics.median(r.entropy for r in scaled),
        "median_entropy_unscaled": statistics.median(r.entropy for r in unscaled),
        "median_grad_scaled": statistics.median(r.grad_norm for r in scaled),
        "median_grad_unscaled": statistics.median(r.grad_norm for r in unscaled),
    }
