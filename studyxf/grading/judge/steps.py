"""A drill's reference stated as named steps (attention: scores, scaled, masked, weights, output),
computed in float64 from a case's inputs, any step replaceable by a changed value so that the rest
is computed from it: the judge checks a cause found by localisation by making the change in the
reference and comparing with the learner's outputs (localise.py). Runs in the judge (torch)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

import numpy as np
import torch

from engine.heads import merge_heads, split_heads

F64 = torch.float64


@dataclass
class Step:
    name: str
    compute: Callable  # (env: dict of inputs and earlier steps, as float64 tensors) -> tensor
    says: str = ""  # what the step is, as the report says it ("scores / sqrt(d)")
    of: str | None = None  # the step it is computed from, when not the one before it (the comparators' "step before")


def scalar(value) -> torch.Tensor:
    """A number (or a list of them) as a float64 tensor: the numeric drills' terms."""
    return torch.tensor(value, dtype=F64)


def inputs64(case) -> dict:
    """The case's inputs by name, float tensors as float64 on the CPU."""
    out = {}
    for name, value in case.labelled().items():
        if isinstance(value, torch.Tensor):
            value = value.detach().cpu()
            out[name] = value.to(F64) if value.is_floating_point() else value
        else:
            out[name] = value
    return out


def run(steps: list[Step], env: dict, change: dict | None = None) -> dict:
    """Every step's value (torch, float64), in order; `change` maps a step's name to a function
    (env, value) -> the value used instead, from which the later steps are computed."""
    env = dict(env)
    for step in steps:
        value = step.compute(env)
        if change and step.name in change:
            value = change[step.name](env, value)
        env[step.name] = value
    return env


def as_numpy(value) -> np.ndarray | None:
    if isinstance(value, torch.Tensor):
        value = value.detach().cpu()
        return value.numpy().astype(np.float64) if value.is_floating_point() else value.numpy()
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return np.asarray(float(value))
    if isinstance(value, np.ndarray):
        return value
    return None


def to_torch(value) -> torch.Tensor:
    if isinstance(value, torch.Tensor):
        return value
    arr = np.asarray(value)
    return torch.from_numpy(np.ascontiguousarray(arr.astype(np.float64) if arr.dtype != bool else arr))


# the attention core, shared by every drill that computes it: env needs q, k, v (..., T, d) and
# an optional boolean mask (True = may attend); fully masked rows give zeros, as SDPA does
def softmax_rows(s: torch.Tensor) -> torch.Tensor:
    w = torch.softmax(s, dim=-1)
    return torch.nan_to_num(w, nan=0.0)


def attention_steps(q="q", k="k", v="v", mask="mask", prefix="") -> list[Step]:
    def masked(e):
        m = e.get(mask)
        s = e[prefix + "scaled"]
        return s if m is None else s.masked_fill(~m.to(torch.bool), float("-inf"))
    return [Step(prefix + "scores", lambda e: e[q] @ e[k].transpose(-2, -1), "q @ k^T"),
            Step(prefix + "scaled", lambda e: e[prefix + "scores"] / math.sqrt(e[q].shape[-1]),
                 "the scores divided by sqrt(d)"),
            Step(prefix + "masked", masked, "the scores a query may not see set to -inf"),
            Step(prefix + "weights", lambda e: softmax_rows(e[prefix + "masked"]),
                 "softmax over the keys (the last axis)"),
            Step(prefix + "output", lambda e: e[prefix + "weights"] @ e[v], "weights @ v")]


def causal_lower_right(tq: int, tk: int) -> torch.Tensor:
    """Query i sees keys <= i + Tk - Tq (a decode step's alignment; GQA's task)."""
    return torch.ones(tq, tk, dtype=torch.bool).tril(tk - tq)


# the engine's head split and merge, under the names the steps use
split, merge = split_heads, merge_heads


def heads_steps(source_q="x", source_kv="x", mask=None) -> list[Step]:
    """Multi-head attention from x (B, T, d) and weights applied as x @ w: projections, heads split
    in order, the attention core, heads merged, the output projection. `mask(env)` -> the boolean
    mask broadcast to (B, H, Tq, Tk), or None."""
    def mask_step(e):
        return None if mask is None else mask(e)
    return [Step("q_proj", lambda e: e[source_q] @ e["w_q"], f"{source_q} @ w_q", of=source_q),
            Step("k_proj", lambda e: e[source_kv] @ e["w_k"], f"{source_kv} @ w_k", of=source_kv),
            Step("v_proj", lambda e: e[source_kv] @ e["w_v"], f"{source_kv} @ w_v", of=source_kv),
            Step("q", lambda e: split(e["q_proj"], e["n_heads"]), "q split into heads: (B, H, T, d_head)", of="q_proj"),
            Step("k", lambda e: split(e["k_proj"], e["n_heads"]), "k split into heads: (B, H, T, d_head)", of="k_proj"),
            Step("v", lambda e: split(e["v_proj"], e["n_heads"]), "v split into heads: (B, H, T, d_head)", of="v_proj"),
            Step("heads_mask", mask_step, "the mask with a head axis"),
            *attention_steps(mask="heads_mask"),
            Step("merged", lambda e: merge(e["output"]), "the heads merged back: (B, T, d)"),
            Step("projected", lambda e: e["merged"] @ e["w_o"], "merged @ w_o", of="merged")]
