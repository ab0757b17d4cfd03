"""The RoPE drill's cases, slips and property checks (loaded by the grading worker from this folder)."""

import numpy as np
import torch

from engine.positional import apply_rope, rope_angles
from studyxf.grading.judge.case import F32, F64, Case, Check, dtype_name, rnd
from studyxf.grading.judge.probes import rope_turns
from studyxf.grading.judge.steps import Step

SLIPS = ["rope-rotate-half", "rope-frequency", "rope-sign", "rope-position-offset", "rope-ignores-positions",
         "rope-cos-sin-swapped", "rope-output-halves", "rope-frequency:floor", "rope-angles-tiled"]
PROBES = [rope_turns()]


def _positions(e):
    p = e.get("positions")
    return torch.arange(e["x"].shape[-2]) if p is None else torch.as_tensor(p)


STEPS = [Step("theta", lambda e: e.get("base", 10000.0) ** (-torch.arange(0, e["x"].shape[-1], 2, dtype=torch.float64)
                                                           / e["x"].shape[-1]), "base^(-2i/d), i = 0 .. d/2 - 1"),
         Step("angles", lambda e: _positions(e).to(torch.float64).unsqueeze(-1) * e["theta"],
              "position * theta_i: (T, d/2)", of="theta"),
         Step("cos", lambda e: e["angles"].cos(), "cos(angles)", of="angles"),
         Step("sin", lambda e: e["angles"].sin(), "sin(angles)", of="angles"),
         Step("output", lambda e: torch.stack((e["x"][..., 0::2] * e["cos"] - e["x"][..., 1::2] * e["sin"],
                                               e["x"][..., 0::2] * e["sin"] + e["x"][..., 1::2] * e["cos"]),
                                              dim=-1).flatten(-2),
              "pairs (2i, 2i+1) rotated: (x0 cos - x1 sin, x0 sin + x1 cos), interleaved back")]
# the step each catalogued slip alters first (verify.py: its line is the difference found there)
SLIP_STEPS = {"rope-frequency": "theta",
              "rope-position-offset": "angles",
              "rope-ignores-positions": "angles",
              "rope-angles-tiled": "cos",
              "rope-cos-sin-swapped": "cos",
              "rope-rotate-half": "output",
              "rope-sign": "output",
              "rope-output-halves": "output"}


def reference(x, positions=None, base=10000.0):
    return apply_rope(x, positions, base)


def variant(slips, x, positions=None, base=10000.0):
    T, d = x.shape[-2], x.shape[-1]
    if positions is None or "rope-ignores-positions" in slips:
        positions = torch.arange(T)
    positions = torch.as_tensor(positions)
    if "rope-position-offset" in slips:
        positions = positions + 1
    if "rope-rotate-half" in slips:
        return apply_rope(x, positions, base, convention="half")
    if "rope-frequency" in slips:  # theta_i = base^(-i/d): the factor 2 forgotten
        ang = positions.to(torch.float64).unsqueeze(-1) * base ** (-torch.arange(d // 2, dtype=torch.float64) / d)
    elif "rope-frequency:floor" in slips:  # base^(-(2i // d)): integer division, 0 for every pair: theta = 1
        ang = positions.to(torch.float64).unsqueeze(-1) * torch.ones(d // 2, dtype=torch.float64)
    else:
        ang = rope_angles(positions, d, base)
    cos, sin = ang.cos().to(x.dtype), ang.sin().to(x.dtype)
    if "rope-cos-sin-swapped" in slips:
        cos, sin = sin, cos
    if "rope-sign" in slips:  # rotates the other way
        sin = -sin
    x0, x1 = x[..., 0::2], x[..., 1::2]
    if "rope-angles-tiled" in slips:  # cos/sin repeated as [a0..a(d/2-1), a0..] (the half layout) on interleaved pairs
        cos_t, sin_t = torch.cat((cos, cos), -1), torch.cat((sin, sin), -1)
        rot = torch.stack((-x1, x0), dim=-1).flatten(-2)
        return x * cos_t + rot * sin_t
    if "rope-output-halves" in slips:  # the rotated pairs concatenated, not interleaved back
        return torch.cat((x0 * cos - x1 * sin, x0 * sin + x1 * cos), dim=-1)
    return torch.stack((x0 * cos - x1 * sin, x0 * sin + x1 * cos), dim=-1).flatten(-2)


def _relative(call):
    q, k = rnd(1, 16, seed=41), rnd(1, 16, seed=42)

    def score(m, n):
        return float((call(q, positions=torch.tensor([m])) * call(k, positions=torch.tensor([n]))).sum())

    s1, s2 = score(9, 4), score(109, 104)
    if abs(s1 - s2) > 1e-6 * max(1.0, abs(s1)):
        return f"relative-position property broken: q.k at (9, 4) = {s1:.6g} but at (109, 104) = {s2:.6g}"
    return None


def _norms(call):
    x = rnd(12, 32, seed=43)
    out = call(x)
    # as loose as the value cases' 1e-6: angles computed in float32 are still a rotation
    if not np.allclose(np.linalg.norm(out, axis=-1), np.linalg.norm(x.numpy(), axis=-1), rtol=1e-6, atol=1e-6):
        return "rotation must preserve each vector's norm; yours changes it"
    return None


def cases():
    out = []
    for i, (shape, dtype, positions, base) in enumerate([
            ((6, 8), F64, None, 10000.0), ((2, 3, 5, 16), F32, None, 10000.0), ((1, 1, 32), F32, None, 10000.0),
            ((4, 10), F64, torch.arange(100, 104), 10000.0), ((2, 7, 64), F64, None, 500000.0),
            ((3, 8), F64, torch.tensor([5, 2, 9]), 10000.0),
            # far positions in float64: angles computed in float32 are off by ~1e-4 rad there
            ((2, 3, 16), F64, torch.tensor([4093, 4094, 4095]), 10000.0)]):
        x = rnd(*shape, dtype=dtype, seed=i)
        kwargs = {}
        if positions is not None:
            kwargs["positions"] = positions
        if base != 10000.0:
            kwargs["base"] = base
        name = f"x {shape}, {dtype_name(dtype)}" + \
               (f", positions {positions.tolist()}" if positions is not None else "") + \
               (f", base {base:g}" if base != 10000.0 else "")
        call = "apply_rope(x" + "".join(f", {k}={k}" if k == "positions" else f", {k}={v:g}" for k, v in kwargs.items()) + ")"
        out.append(Case(name, [x], kwargs, reference, variant, call=call))
    out[0].checks = [Check("relative position", _relative), Check("norm preservation", _norms)]
    return out
