"""Each contract drill's cases: inputs, the engine's float64 reference, the engine's own output in
the input dtype (for the judging rule), the wrong variants, and property checks. Runs inside
the grading worker (torch is imported here)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import numpy as np
import torch

from engine import mistakes as wrong
from engine.attention import causal_mask, naive_attention
from engine.heads import grouped_query_attention, multi_head_attention
from engine.mlp import swiglu
from engine.norms import layer_norm, rms_norm
from engine.positional import alibi_bias, apply_rope, sinusoidal

F64 = torch.float64
F32 = torch.float32


@dataclass
class Case:
    name: str
    args: list
    kwargs: dict
    reference: Callable  # (*args, **kwargs) -> tensor; called on float64 copies and on the inputs
    variant: Callable | None = None  # (mistake, *args, **kwargs) -> tensor, float64
    out_dtype: str | None = None  # None: the input dtype; "float": any floating dtype
    call: str = ""
    checks: list = field(default_factory=list)  # (name, fn(call) -> message|None); call(*args, **kw) -> numpy
    convert: Callable | None = None  # learner's output -> float64 array (e.g. a dict of figures)
    validate: Callable | None = None  # (output) -> message|None, instead of comparing arrays (LeetCode)
    time_limit: float | None = None  # seconds for this case, instead of the default
    slow_message: str | None = None  # what a time-out here means ("correct but too slow")
    driver: Callable | None = None  # (fn, *args) -> output: a case that calls the learner's code many times
    device: str | None = None  # where the learner's inputs go (a GPU case: "cuda"); the reference stays on the CPU
    engine_at: Callable | None = None  # out_dtype "float": (dtype) -> the engine computing in that dtype
    _ref: np.ndarray | None = None

    def tensor_args(self):
        return [a for a in self.args if isinstance(a, torch.Tensor) and a.is_floating_point()]

    @property
    def dtype(self) -> str:
        t = self.tensor_args()
        return str(t[0].dtype).removeprefix("torch.") if t else "float64"

    def _as64(self, values):
        return [v.to(F64) if isinstance(v, torch.Tensor) and v.is_floating_point() else v for v in values]

    def ref(self) -> np.ndarray:
        if self._ref is None:
            kwargs = dict(zip(self.kwargs, self._as64(self.kwargs.values())))
            r = self.reference(*self._as64(self.args), **kwargs)
            self._ref = r.detach().to(F64).numpy() if isinstance(r, torch.Tensor) else np.asarray(r, np.float64)
        return self._ref

    def on_device(self, value):
        return value.to(self.device) if self.device and isinstance(value, torch.Tensor) else value

    def engine_error(self) -> float:
        """The engine's own error in the input dtype (on the case's device), against float64."""
        r = self.reference(*map(self.on_device, self.args), **{k: self.on_device(v) for k, v in self.kwargs.items()})
        return self._error(r)

    def _error(self, r) -> float:
        """The largest distance of an engine output from the float64 reference (finite places)."""
        r = r.cpu() if isinstance(r, torch.Tensor) else r
        out = r.detach().to(F64).numpy() if isinstance(r, torch.Tensor) else np.asarray(r, np.float64)
        return float(np.nanmax(np.abs(np.where(np.isfinite(self.ref()), out - self.ref(), 0)), initial=0.0))

    def engine_error_at(self, dtype_name: str) -> float:
        """For a case whose output may be any floating dtype: the engine's own error when it computes
        in the dtype the learner returned (0 where the case has no such computation)."""
        if self.engine_at is None or dtype_name == "float64":
            return 0.0
        return self._error(self.engine_at(getattr(torch, dtype_name)))

    def variants(self, ids) -> dict:
        out = {}
        if self.variant is None:
            return out
        kwargs64 = dict(zip(self.kwargs, self._as64(self.kwargs.values())))
        for m in ids:
            try:
                if m == "no-max-subtraction":  # overflow only shows in the input's own dtype
                    v = self.variant(m, *self.args, **self.kwargs)
                else:
                    v = self.variant(m, *self._as64(self.args), **kwargs64)
            except Exception:  # noqa: BLE001 - a variant that does not apply to this case
                continue
            if v is not None:
                out[m] = v.detach().to(F64).numpy() if isinstance(v, torch.Tensor) else np.asarray(v, np.float64)
        return out


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
                            case.reference, case.variant, call=case.call, device=device))
    return out


def _gen(seed):
    return torch.Generator().manual_seed(seed)


def rnd(*shape, dtype=F64, seed=0, scale=1.0):
    return (torch.randn(*shape, generator=_gen(seed + 7919 * len(shape) + sum(shape)), dtype=F64) * scale).to(dtype)


# -- attention -----------------------------------------------------------------------------------

def _attn_ref(q, k, v, mask=None):
    return naive_attention(q, k, v, mask)


def _attn_variant(m, q, k, v, mask=None):
    return naive_attention(q, k, v, mask, mistake=m)


def attention_cases():
    cases = []

    def add(name, q, k, v, mask=None):
        kwargs = {} if mask is None else {"mask": mask}
        call = "attention(q, k, v" + (", mask=mask)" if mask is not None else ")")
        cases.append(Case(name, [q, k, v], kwargs, _attn_ref, _attn_variant, call=call))

    add("batch (2, 5, 8), float64", rnd(2, 5, 8), rnd(2, 5, 8, seed=1), rnd(2, 5, 8, seed=2))
    add("no batch dims (4, 16), float32", *(rnd(4, 16, dtype=F32, seed=s) for s in range(3)))
    add("T = 1, float32", *(rnd(1, 1, 16, dtype=F32, seed=s) for s in range(3)))
    add("Tq != Tk and dv != d (2, 3, 7 vs 11, 16 -> 12), float64",
        rnd(2, 3, 7, 16), rnd(2, 3, 11, 16, seed=1), rnd(2, 3, 11, 12, seed=2))
    add("causal mask (6, 6) broadcast over (2, 6, 32), float32",
        *(rnd(2, 6, 32, dtype=F32, seed=s) for s in range(3)), causal_mask(6, 6))
    m = causal_mask(5, 5).clone()
    m[0] = False
    add("a fully masked row (3, 5, 8), float64", *(rnd(3, 5, 8, seed=s) for s in range(3)), m)
    add("heads (2, 4, 9, 32), mask (2, 1, 9, 9), float32",
        *(rnd(2, 4, 9, 32, dtype=F32, seed=s) for s in range(3)), causal_mask(9, 9).expand(2, 1, 9, 9).clone())
    add("odd d = 7, float64", *(rnd(3, 5, 7, seed=s) for s in range(3)))
    q = rnd(1, 6, 64, dtype=F32, seed=5, scale=4.0)
    add("scaled logits above 90, float32", q, q * 1.5, rnd(1, 6, 64, dtype=F32, seed=6))
    # beyond float64's exp range too (> 709), for code that computes in float64 whatever it is given
    q = rnd(2, 5, 32, seed=7, scale=10.0)
    add("scaled logits above 1000, float64", q, q * 2.0, rnd(2, 5, 32, seed=8))
    return cases


# -- multi-head attention -------------------------------------------------------------------------

def _mha_ref(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    return multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask)


def _mha_variant(m, x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    return wrong.multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask, mistake=m)


def mha_cases():
    cases = []
    for i, (B, T, d, h, dtype, mask) in enumerate([
            (2, 5, 16, 4, F64, None), (1, 1, 8, 2, F32, None), (3, 7, 24, 3, F32, causal_mask(7, 7)),
            (2, 6, 32, 8, F64, "batch"), (2, 9, 64, 1, F64, causal_mask(9, 9))]):
        x = rnd(B, T, d, dtype=dtype, seed=i)
        ws = [rnd(d, d, dtype=dtype, seed=10 * i + j, scale=d ** -0.5) for j in range(4)]
        if mask == "batch":
            mask = rnd(B, T, T, seed=99) > -0.7
            mask[..., 0] = True
        kwargs = {} if mask is None else {"mask": mask}
        name = f"B={B}, T={T}, d={d}, heads={h}, {str(dtype).removeprefix('torch.')}" + \
               ("" if mask is None else f", mask {tuple(mask.shape)}")
        cases.append(Case(name, [x, *ws, h], kwargs, _mha_ref, _mha_variant,
                          call=f"multi_head_attention(x, w_q, w_k, w_v, w_o, {h}" + (", mask=mask)" if kwargs else ")")))
    return cases


# -- rope ---------------------------------------------------------------------------------------

def _rope_ref(x, positions=None, base=10000.0):
    return apply_rope(x, positions, base)


def _rope_variant(m, x, positions=None, base=10000.0):
    return wrong.apply_rope(x, positions, base, mistake=m)


def _rope_relative(call):
    q, k = rnd(1, 16, seed=41), rnd(1, 16, seed=42)

    def score(m, n):
        return float((call(q, positions=torch.tensor([m])) * call(k, positions=torch.tensor([n]))).sum())

    s1, s2 = score(9, 4), score(109, 104)
    if abs(s1 - s2) > 1e-6 * max(1.0, abs(s1)):
        return f"relative-position property broken: q.k at (9, 4) = {s1:.6g} but at (109, 104) = {s2:.6g}"
    return None


def _rope_norms(call):
    x = rnd(12, 32, seed=43)
    out = call(x)
    # as loose as the value cases' 1e-6: angles computed in float32 are still a rotation
    if not np.allclose(np.linalg.norm(out, axis=-1), np.linalg.norm(x.numpy(), axis=-1), rtol=1e-6, atol=1e-6):
        return "rotation must preserve each vector's norm; yours changes it"
    return None


def rope_cases():
    cases = []
    for i, (shape, dtype, positions, base) in enumerate([
            ((6, 8), F64, None, 10000.0), ((2, 3, 5, 16), F32, None, 10000.0), ((1, 1, 32), F32, None, 10000.0),
            ((4, 10), F64, torch.arange(100, 104), 10000.0), ((2, 7, 64), F64, None, 500000.0)]):
        x = rnd(*shape, dtype=dtype, seed=i)
        kwargs = {}
        if positions is not None:
            kwargs["positions"] = positions
        if base != 10000.0:
            kwargs["base"] = base
        name = f"x {shape}, {str(dtype).removeprefix('torch.')}" + \
               (f", positions {positions.tolist()}" if positions is not None else "") + \
               (f", base {base:g}" if base != 10000.0 else "")
        call = "apply_rope(x" + "".join(f", {k}={k}" if k == "positions" else f", {k}={v:g}" for k, v in kwargs.items()) + ")"
        cases.append(Case(name, [x], kwargs, _rope_ref, _rope_variant, call=call))
    cases[0].checks = [("relative position", _rope_relative), ("norm preservation", _rope_norms)]
    return cases


# -- sinusoidal ------------------------------------------------------------------------------------

def sinusoidal_cases():
    cases = []
    for T, d in ((1, 4), (10, 16), (50, 64), (7, 6), (128, 512)):
        cases.append(Case(f"T={T}, d={d}", [T, d], {}, lambda T, d: sinusoidal(T, d, dtype=F64),
                          lambda m, T, d: wrong.sinusoidal(T, d, mistake=m), out_dtype="float",
                          call=f"sinusoidal_encoding({T}, {d})",
                          engine_at=lambda dt, T=T, d=d: sinusoidal(T, d, dtype=dt, compute_dtype=dt)))
    return cases


# -- norms ----------------------------------------------------------------------------------------

def layer_norm_cases():
    cases = []
    for i, (shape, dtype, scale) in enumerate([((2, 5, 16), F64, 1.0), ((3, 512), F32, 1e-2), ((4, 512), F64, 1e-2),
                                                ((1, 7), F32, 1.0), ((2, 3, 4096), F64, 1.0)]):
        x = rnd(*shape, dtype=dtype, seed=i, scale=scale) + 0.5 * scale
        d = shape[-1]
        g, b = rnd(d, dtype=dtype, seed=50 + i), rnd(d, dtype=dtype, seed=60 + i)
        kind = "small variance (x * 1e-2)" if scale < 1 else "unit variance"
        cases.append(Case(f"x {shape}, {kind}, {str(dtype).removeprefix('torch.')}", [x, g, b], {},
                          lambda x, g, b: layer_norm(x, g, b), lambda m, x, g, b: wrong.layer_norm(x, g, b, mistake=m),
                          call="layer_norm(x, gamma, beta)"))
    x = rnd(3, 64, seed=70, scale=1e-2)
    cases.append(Case("eps=1e-3 passed explicitly, float64", [x, rnd(64, seed=71), rnd(64, seed=72)], {"eps": 1e-3},
                      lambda x, g, b, eps: layer_norm(x, g, b, eps),
                      lambda m, x, g, b, eps: wrong.layer_norm(x, g, b, eps, mistake=m),
                      call="layer_norm(x, gamma, beta, eps=1e-3)"))
    return cases


def rms_norm_cases():
    cases = []
    for i, (shape, dtype, scale) in enumerate([((2, 5, 16), F64, 1.0), ((3, 512), F32, 1e-2), ((4, 512), F64, 1e-2),
                                                ((1, 7), F32, 1.0), ((2, 3, 4096), F64, 1.0)]):
        x = rnd(*shape, dtype=dtype, seed=i, scale=scale) + 0.7 * scale
        g = rnd(shape[-1], dtype=dtype, seed=80 + i)
        kind = "small variance (x * 1e-2)" if scale < 1 else "unit variance"
        cases.append(Case(f"x {shape}, {kind}, {str(dtype).removeprefix('torch.')}", [x, g], {},
                          lambda x, g: rms_norm(x, g), lambda m, x, g: wrong.rms_norm(x, g, mistake=m),
                          call="rms_norm(x, gamma)"))
    return cases


# -- swiglu ---------------------------------------------------------------------------------------

def swiglu_cases():
    cases = []
    for i, (lead, d, h, dtype) in enumerate([((2, 5), 16, 40, F64), ((3,), 8, 24, F32), ((1, 1, 1), 32, 64, F32),
                                             ((2, 7), 64, 172, F64)]):
        x = rnd(*lead, d, dtype=dtype, seed=i)
        ws = [rnd(d, h, dtype=dtype, seed=90 + i, scale=d ** -0.5), rnd(d, h, dtype=dtype, seed=95 + i, scale=d ** -0.5),
              rnd(h, d, dtype=dtype, seed=99 + i, scale=h ** -0.5)]
        cases.append(Case(f"x {(*lead, d)}, hidden {h}, {str(dtype).removeprefix('torch.')}", [x, *ws], {},
                          swiglu, lambda m, *a: wrong.swiglu(*a, mistake=m), call="swiglu(x, w_gate, w_up, w_down)"))
    return cases


# -- gqa ------------------------------------------------------------------------------------------

def _gqa_ref(q, k, v, causal=False):
    return grouped_query_attention(q, k, v, causal=causal)


def _gqa_variant(m, q, k, v, causal=False):
    if m == "causal-top-left":
        group = q.shape[1] // k.shape[1]
        return naive_attention(q, k.repeat_interleave(group, 1), v.repeat_interleave(group, 1), causal=causal,
                               mistake=m if causal else None)
    return wrong.grouped_query_attention(q, k, v, causal, mistake=m)


def gqa_cases():
    cases = []
    for i, (B, hq, hkv, tq, tk, d, causal, dtype) in enumerate([
            (2, 8, 2, 5, 5, 16, False, F64), (1, 4, 1, 6, 6, 8, True, F32), (2, 6, 3, 3, 7, 16, True, F64),
            (1, 4, 4, 1, 9, 32, True, F32), (1, 8, 2, 7, 4, 16, True, F64)]):
        q = rnd(B, hq, tq, d, dtype=dtype, seed=i)
        k, v = rnd(B, hkv, tk, d, dtype=dtype, seed=20 + i), rnd(B, hkv, tk, d, dtype=dtype, seed=30 + i)
        kwargs = {"causal": True} if causal else {}
        cases.append(Case(f"q {tuple(q.shape)}, k/v {tuple(k.shape)}, causal={causal}, {str(dtype).removeprefix('torch.')}",
                          [q, k, v], kwargs, _gqa_ref, _gqa_variant,
                          call="grouped_query_attention(q, k, v" + (", causal=True)" if causal else ")")))
    return cases


# -- alibi ----------------------------------------------------------------------------------------

def alibi_cases():
    return [Case(f"n_heads={n}, T={T}", [n, T], {}, lambda n, T: alibi_bias(n, T, dtype=F64),
                 lambda m, n, T: wrong.alibi_bias(n, T, mistake=m), out_dtype="float",
                 call=f"alibi_bias({n}, {T})") for n, T in ((1, 4), (2, 5), (8, 7), (16, 12), (4, 1))]


CASES = {
    "attention": attention_cases, "multi-head-attention": mha_cases, "rope": rope_cases,
    "sinusoidal": sinusoidal_cases, "layer-norm": layer_norm_cases, "rms-norm": rms_norm_cases,
    "swiglu": swiglu_cases, "gqa": gqa_cases, "alibi": alibi_cases,
}
ENTRY = {
    "attention": "attention", "multi-head-attention": "multi_head_attention", "rope": "apply_rope",
    "sinusoidal": "sinusoidal_encoding", "layer-norm": "layer_norm", "rms-norm": "rms_norm", "swiglu": "swiglu",
    "gqa": "grouped_query_attention", "alibi": "alibi_bias", "causal-self-attention": "CausalSelfAttention",
    "transformer-block": "TransformerBlock",
}


from studyxf.grading import specs_more  # noqa: E402 - the rest of the catalogue builds on the above

CASES.update(specs_more.CASES)
ENTRY.update(specs_more.ENTRY)
METHOD = dict(specs_more.METHOD)
