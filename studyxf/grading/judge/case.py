"""One graded case of a function drill: its inputs, the float64 reference, the engine's own error
in the input dtype (docs/grading.md, the judging rule), and the wrong variants it can be compared with.
Drill folders build their cases from this (inside the grading worker: torch is imported here)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import numpy as np
import torch


F64 = torch.float64
F32 = torch.float32


class Named(str):
    """A validator's failure message that also names the slip behind it (an id the drill's
    drill.yaml documents, listed in its grader's NAMED)."""

    def __new__(cls, message: str, mistake: str, readings: tuple = ()):
        named = super().__new__(cls, message)
        named.mistake = mistake
        # every slip this one case fits (a case can fit two); the diagnosis names a slip only when
        # every failing case fits it
        named.readings = tuple(dict.fromkeys((mistake, *readings)))
        return named


@dataclass
class Check:
    """A property of the learner's function checked from calls made for it (beside a case's output):
    `kind` "memory" is a resource the diagnosis names first (docs/grading.md); "property" a rule of the
    values (RoPE's relative positions)."""
    name: str
    check: Callable
    kind: str = "property"


@dataclass
class Case:
    name: str
    args: list
    kwargs: dict
    reference: Callable  # (*args, **kwargs) -> tensor; called on float64 copies and on the inputs
    variant: Callable | None = None  # (slips: frozenset, *args, **kwargs) -> tensor, float64
    out_dtype: str | None = None  # None: the input dtype; "float": any floating dtype
    call: str = ""
    labels: list[str] | None = None  # the positional inputs' names in messages; default: from `call`
    # Check(name, fn(call) -> message|None, kind); call(*args, **kw) -> numpy
    checks: list = field(default_factory=list)
    convert: Callable | None = None  # learner's output -> float64 array (e.g. a dict of figures)
    validate: Callable | None = None  # (output) -> message (or Named) | None, instead of comparing arrays (LeetCode)
    # a validated case made smaller (shrink.py): (*args) -> (validate, an expected answer) for the
    # smaller input, or None where it is no instance of the problem (two-sum's pair no longer the only one)
    shrunk: Callable | None = None
    time_limit: float | None = None  # seconds for this case, instead of the default
    slow_message: str | None = None  # what a time-out here means ("correct but too slow")
    driver: Callable | None = None  # (fn, *args) -> output: a case that calls the learner's code many times
    device: str | None = None  # where the learner's inputs go (a GPU case: "cuda"); the reference stays on the CPU
    engine_at: Callable | None = None  # out_dtype "float": (dtype) -> the engine computing in that dtype
    input_dtype_slips: frozenset = frozenset()  # slips whose variant must run in the input dtype (overflow)
    modified_message: str | None = None  # what an input changed in place means in this drill (its rule)
    # the result's type where the task states one (kv-cache-size's int): another type fails the case,
    # its values judged as well; (type, what the task calls it)
    out_type: tuple | None = None
    _ref: np.ndarray | None = None

    def tensor_args(self):
        return [a for a in self.args if isinstance(a, torch.Tensor) and a.is_floating_point()]

    @property
    def dtype(self) -> str:
        t = self.tensor_args()
        return str(t[0].dtype).removeprefix("torch.") if t else "float64"

    def _as64(self, values):
        return [v.to(F64) if isinstance(v, torch.Tensor) and v.is_floating_point() else v for v in values]

    def _on_cpu(self, values):
        return [v.cpu() if isinstance(v, torch.Tensor) else v for v in values]

    def labelled(self) -> dict:
        """The inputs by the names the learner's function uses (`attention(q, k, v, mask=mask)`)."""
        names = self.labels or [p.strip() for p in self.call.partition("(")[2].partition(")")[0].split(",")
                                if p.strip() and "=" not in p]
        return {**{(names[i] if i < len(names) else f"arg{i}"): a for i, a in enumerate(self.args)}, **self.kwargs}

    def ref(self) -> np.ndarray:
        if self._ref is None:
            kwargs = dict(zip(self.kwargs, self._as64(self._on_cpu(self.kwargs.values()))))
            r = self.reference(*self._as64(self._on_cpu(self.args)), **kwargs)
            self._ref = _np64(r)
        return self._ref

    def on_device(self, value):
        return value.to(self.device) if self.device and isinstance(value, torch.Tensor) else value

    def engine_error(self) -> float:
        """The engine's own error in the input dtype (on the case's device), against float64."""
        r = self.reference(*map(self.on_device, self.args), **{k: self.on_device(v) for k, v in self.kwargs.items()})
        return self._error(r)

    def _error(self, r) -> float:
        """The largest distance of an engine output from the float64 reference (finite places)."""
        out = _np64(r)
        return float(np.nanmax(np.abs(np.where(np.isfinite(self.ref()), out - self.ref(), 0)), initial=0.0))

    def engine_error_at(self, dtype_name: str) -> float:
        """For a case whose output may be any floating dtype: the engine's own error when it computes
        in the dtype the learner returned (0 where the case has no such computation)."""
        if self.engine_at is None or dtype_name == "float64":
            return 0.0
        return self._error(self.engine_at(getattr(torch, dtype_name)))

    def variant_of(self, slips: frozenset) -> np.ndarray | None:
        """The output with these slips made (None where they do not apply to this case)."""
        if self.variant is None:
            return None
        args, kwargs = self._on_cpu(self.args), dict(zip(self.kwargs, self._on_cpu(self.kwargs.values())))
        if not slips & self.input_dtype_slips:  # overflow shows only in the input's own dtype
            args, kwargs = self._as64(args), dict(zip(kwargs, self._as64(kwargs.values())))
        try:
            v = self.variant(frozenset(slips), *args, **kwargs)
        except Exception:  # noqa: BLE001 - a slip that cannot happen on this case's inputs
            return None
        return None if v is None else _np64(v)


def _np64(r) -> np.ndarray:
    if isinstance(r, torch.Tensor):
        return r.detach().cpu().to(F64).numpy()
    return np.asarray(r, np.float64)


def half_precision(cases: list[Case], device: str) -> list[Case]:
    """fp16 and bf16 copies of the float32 cases, their inputs on `device` (the GPU), judged
    against the same float64 CPU reference at those dtypes' tolerances."""
    out = []
    for case in cases:
        if case.dtype != "float32" or case.driver or case.convert or case.validate or case.out_dtype:
            continue
        for dtype in (torch.float16, torch.bfloat16):
            def cast(v, _d=dtype):
                return v.to(_d) if isinstance(v, torch.Tensor) and v.is_floating_point() else v
            out.append(Case(f"{case.name.replace('float32', '')} {str(dtype).removeprefix('torch.')} on {device}"
                            .replace("  ", " ").replace(", ,", ","),
                            [cast(a) for a in case.args], {k: cast(v) for k, v in case.kwargs.items()},
                            case.reference, case.variant, call=case.call, labels=case.labels, device=device))
    return out


def _gen(seed):
    return torch.Generator().manual_seed(seed)


def rnd(*shape, dtype=F64, seed=0, scale=1.0):
    return (torch.randn(*shape, generator=_gen(seed + 7919 * len(shape) + sum(shape)), dtype=F64) * scale).to(dtype)


def dtype_name(dtype) -> str:
    return str(dtype).removeprefix("torch.")
