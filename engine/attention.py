"""Scaled dot-product attention: a naive path that materialises the (Tq, Tk) weights, and the
`F.scaled_dot_product_attention` path. Fully masked query rows output zeros, as SDPA does.

`mistake=` switches on a classic wrong variant; the grader matches a learner's output against
these to name what went wrong.
"""

from __future__ import annotations

import math

import torch
import torch.nn.functional as F

MISTAKES = ("no-scale", "scale-d", "scale-d-model", "softmax-axis", "mask-inverted", "mask-diagonal",
            "no-max-subtraction")


def causal_mask(tq: int, tk: int, device=None) -> torch.Tensor:
    """Boolean (Tq, Tk), True = may attend, aligned bottom-right: query i sees keys <= i + Tk - Tq."""
    i = torch.arange(tq, device=device).unsqueeze(-1)
    j = torch.arange(tk, device=device)
    return j <= i + (tk - tq)


def naive_attention(q, k, v, mask=None, scale=None, return_weights=False, mistake=None, d_model=None):
    """softmax(q k^T * scale) v with an explicit boolean mask (True = attend)."""
    d = q.shape[-1]
    if scale is None:
        scale = {"no-scale": 1.0, "scale-d": 1.0 / d,
                 "scale-d-model": 1.0 / math.sqrt(d_model or d)}.get(mistake, 1.0 / math.sqrt(d))
    scores = (q @ k.transpose(-2, -1)) * scale
    if mask is not None:
        mask = mask.to(torch.bool)
        if mistake == "mask-inverted":
            mask = ~mask
        elif mistake == "mask-diagonal":
            # the classic off-by-one: the diagonal hidden too (tril(-1) instead of tril)
            eye = torch.eye(scores.shape[-2], scores.shape[-1], dtype=torch.bool, device=scores.device)
            mask = mask & ~eye
        scores = scores.masked_fill(~mask, float("-inf"))
    axis = -2 if mistake == "softmax-axis" else -1
    if mistake == "no-max-subtraction":
        e = torch.exp(scores)
        weights = e / e.sum(dim=axis, keepdim=True)
    else:
        acc = scores.float() if scores.dtype in (torch.float16, torch.bfloat16) else scores
        peak = acc.amax(dim=axis, keepdim=True)
        peak = torch.where(torch.isfinite(peak), peak, torch.zeros_like(peak))
        e = torch.exp(acc - peak)
        total = e.sum(dim=axis, keepdim=True)
        weights = torch.where(total > 0, e / torch.where(total > 0, total, torch.ones_like(total)),
                              torch.zeros_like(e)).to(scores.dtype)
    out = weights @ v
    return (out, weights) if return_weights else out


def sdpa_attention(q, k, v, mask=None, scale=None):
    """torch's fused kernel; a fully masked row is set to zero explicitly (kernels differ there)."""
    out = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, scale=scale)
    if mask is not None:
        dead = ~mask.to(torch.bool).any(dim=-1, keepdim=True)
        out = out.masked_fill(dead.expand(*out.shape[:-1], 1), 0.0)
    return out
