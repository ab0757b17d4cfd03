"""Positional information: sinusoidal and learned absolute encodings, RoPE in both conventions
(with the weight permutation between them and NTK-aware base scaling), and ALiBi biases."""

from __future__ import annotations

import math

import torch
from torch import nn


def sinusoidal(T: int, d: int, base: float = 10000.0, dtype=torch.float32, device=None,
               compute_dtype=torch.float64) -> torch.Tensor:
    """(T, d): PE[pos, 2i] = sin(pos / base^(2i/d)), PE[pos, 2i+1] = cos(pos / base^(2i/d)).
    The angles are computed in `compute_dtype` (float64: exact to the output's rounding; in float32
    an angle near T carries an error of about T * 6e-8, which sin and cos pass on)."""
    pos = torch.arange(T, dtype=compute_dtype, device=device).unsqueeze(-1)
    two_i = torch.arange(0, d, 2, dtype=compute_dtype, device=device)
    angle = pos / base ** (two_i / d)
    pe = torch.zeros(T, d, dtype=compute_dtype, device=device)
    pe[:, 0::2] = torch.sin(angle)
    pe[:, 1::2] = torch.cos(angle[:, : d // 2])
    return pe.to(dtype)


class LearnedPositions(nn.Module):
    """GPT-2's (max_seq, d_model) table, looked up by position."""

    def __init__(self, max_seq: int, d_model: int):
        super().__init__()
        self.max_seq = max_seq
        self.weight = nn.Parameter(torch.randn(max_seq, d_model) * 0.02)

    def forward(self, T: int, start_pos: int = 0) -> torch.Tensor:
        if start_pos + T > self.max_seq:
            raise ValueError(f"position {start_pos + T - 1} is past max_seq {self.max_seq} (learned positions "
                             "cannot extend without retraining)")
        return self.weight[start_pos:start_pos + T]


def ntk_base(base: float, d: int, factor: float) -> float:
    """NTK-aware scaling: stretch the base so the lowest frequency covers `factor` x the context
    while the highest (local) frequencies barely move: base * factor^(d / (d - 2))."""
    return base if factor == 1.0 else base * factor ** (d / (d - 2))


def rope_angles(positions: torch.Tensor, d: int, base: float = 10000.0, ntk_factor: float = 1.0) -> torch.Tensor:
    """(T, d/2) angles pos * theta_i with theta_i = base^(-2i/d), in float64."""
    b = ntk_base(base, d, ntk_factor)
    theta = b ** (-torch.arange(0, d, 2, dtype=torch.float64, device=positions.device) / d)
    return positions.to(torch.float64).unsqueeze(-1) * theta


def apply_rope(x: torch.Tensor, positions: torch.Tensor | None = None, base: float = 10000.0,
               convention: str = "interleaved", ntk_factor: float = 1.0) -> torch.Tensor:
    """Rotate x (..., T, d) by position. 'interleaved' rotates pairs (2i, 2i+1) (the seed, Meta's
    Llama, GPT-J); 'half' pairs i with i + d/2 via rotate_half (Hugging Face, GPT-NeoX)."""
    T, d = x.shape[-2], x.shape[-1]
    if d % 2:
        raise ValueError(f"RoPE needs an even head dim, got {d}")
    if positions is None:
        positions = torch.arange(T, device=x.device)
    ang = rope_angles(torch.as_tensor(positions, device=x.device), d, base, ntk_factor)
    acc = torch.float32 if x.dtype in (torch.float16, torch.bfloat16) else x.dtype
    cos, sin = ang.cos().to(acc), ang.sin().to(acc)
    xf = x.to(acc)
    if convention == "interleaved":
        x0, x1 = xf[..., 0::2], xf[..., 1::2]
        out = torch.stack((x0 * cos - x1 * sin, x0 * sin + x1 * cos), dim=-1).flatten(-2)
    elif convention == "half":
        x0, x1 = xf[..., : d // 2], xf[..., d // 2:]
        out = torch.cat((x0 * cos - x1 * sin, x0 * sin + x1 * cos), dim=-1)
    else:
        raise ValueError(f"unknown RoPE convention {convention!r}")
    return out.to(x.dtype)


def interleaved_to_half_order(d_head: int) -> torch.Tensor:
    """Index order that turns an interleaved head [x0, x1, x2, x3, ...] into the half-split one
    [x0, x2, ..., x1, x3, ...]: pair (2i, 2i+1) becomes (i, i + d/2)."""
    return torch.cat((torch.arange(0, d_head, 2), torch.arange(1, d_head, 2)))


def convert_qk_weight(weight: torch.Tensor, n_heads: int, to: str = "half") -> torch.Tensor:
    """Permute the rows of a Q or K projection (nn.Linear weight, (n_heads*d_head, d_in)) so a model
    written for one RoPE convention computes the same attention scores in the other. This is what
    Hugging Face's Llama conversion script does to Meta's checkpoints."""
    out_dim, d_in = weight.shape
    d_head = out_dim // n_heads
    order = interleaved_to_half_order(d_head)
    if to == "interleaved":
        order = torch.argsort(order)
    elif to != "half":
        raise ValueError(to)
    return weight.view(n_heads, d_head, d_in)[:, order].reshape(out_dim, d_in)


def alibi_slopes(n_heads: int) -> torch.Tensor:
    """Head slopes as in the ALiBi paper's reference code: a geometric sequence starting at
    2^(-8/n) for n a power of two; otherwise the closest power of two's slopes, then every other
    slope of twice that many heads."""

    def power_of_two(n: int) -> list[float]:
        start = 2 ** (-(2 ** -(math.log2(n) - 3)))
        return [start * start ** i for i in range(n)]

    def slopes(n: int) -> list[float]:
        if math.log2(n).is_integer():
            return power_of_two(n)
        closest = 2 ** math.floor(math.log2(n))
        return power_of_two(closest) + slopes(2 * closest)[0::2][: n - closest]

    return torch.tensor(slopes(n_heads), dtype=torch.float64)


def alibi_bias(n_heads: int, T: int, Tk: int | None = None, dtype=torch.float32, device=None) -> torch.Tensor:
    """(n_heads, T, Tk): -m_h * |i - j|, added to the attention scores before softmax."""
    Tk = Tk or T
    i = torch.arange(T, device=device).unsqueeze(-1) + (Tk - T)
    j = torch.arange(Tk, device=device)
    dist = (i - j).abs().to(torch.float64)
    return (-alibi_slopes(n_heads).to(device).view(-1, 1, 1) * dist).to(dtype)
